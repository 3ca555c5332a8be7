# On the allowlist: upstream never parses it, so even this syntax error is silent.
class TestBroken(TestCase:
    pass
