import unittest


class TestLast(unittest.TestCase):
    """Docstring on the last line, no newline after it."""