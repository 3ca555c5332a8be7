"""A stand-in for the expecttest package, which Debian bookworm lacks: enough
for torch 1.13.1's common_utils to import and its tests to collect and run."""
import unittest

ACCEPT = False


class TestCase(unittest.TestCase):
    def assertExpectedInline(self, actual, expect, skip=0):
        self.assertEqual(actual, expect)

    def assertExpectedRaisesInline(self, exc_type, callable, expect, *args, **kwargs):
        with self.assertRaises(exc_type):
            callable(*args, **kwargs)
