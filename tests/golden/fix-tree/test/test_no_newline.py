import unittest


class TestLastNoDoc(unittest.TestCase):
    def test_z(self):
        pass