"""The hwclass wheel's build: the binary as the wheel's script, tagged for
one platform (packaging/wheel.cmake says why)."""
import os
from distutils.command.build_scripts import build_scripts  # setuptools' copy: setup is imported first

from setuptools import setup
from wheel.bdist_wheel import bdist_wheel


class CopyBinary(build_scripts):
    """The script is an ELF binary: copied as it is. setuptools' own reads
    it as Python text to rewrite a #! line, and fails on its bytes."""

    def run(self):
        self.mkpath(self.build_dir)
        for script in self.scripts:
            target = os.path.join(self.build_dir, os.path.basename(script))
            self.copy_file(script, target)
            os.chmod(target, 0o755)


class PlatformWheel(bdist_wheel):
    """py3-none-<platform>: a binary for one machine, for any Python 3."""

    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        return "py3", "none", os.environ["HWCLASS_WHEEL_PLATFORM"]


setup(packages=["hwclass"], scripts=["bin/hwclass"],
      cmdclass={"build_scripts": CopyBinary, "bdist_wheel": PlatformWheel})
