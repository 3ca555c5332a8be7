# Stand-in for a current common_device_type.py: the decorator the
# only-to-accelerator fix writes, and instantiate_device_type_tests.
def onlyAccelerator(fn):
    return fn


def instantiate_device_type_tests(generic_test_class, scope, except_for=None, only_for=None, **kwargs):
    ...
