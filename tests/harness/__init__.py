"""The one harness every runtime test uses (issue 46).

- runtime.py: `Runtime`, pytest in a real PyTorch (the host's torch 1.13.1,
  the 2.6.0 chroot), collections and sample runs, with the collection cache;
- collection_cache.py: collections and runs keyed by the bytes of every
  module of the tree a file's process loaded, so an unchanged file is never
  collected twice;
- runners.py: the runners (cpu, a PrivateUse1 backend, the 1.13.1 host) and
  the check that a runner's backend is registered;
- env.py: the environment variables the shims read, from pyshim/hwenv.py;
- groups.py: which files share a pytest process, and rows by file;
- sample.py: the files run_test.py runs, and seeded samples drawn from
  every directory;
- trees.py: the declared, seeded and fixed trees, built once per ctest run
  as fixtures;
- hw.py: hwclass's commands as the tests call them;
- outcome.py: the end of every test: failures, and proof that something
  was compared.

Scripts put tests/ on sys.path and import `harness.<module>`."""
