# cmake -DBINARY=FILE -DURL=URL -DOUTPUT=FILE -P s3_init_config.cmake
# The release binary's entry for PyTorch's tools/linter/adapters/s3_init_config.json:
# {"hwclass": {"Linux": {"download_url": URL, "hash": <sha256 of FILE>}}},
# the shape s3_init.py reads (ecosystem.md 1.7).
file(SHA256 ${BINARY} hash)
file(WRITE ${OUTPUT} "{\n  \"hwclass\": {\n    \"Linux\": {\n      \"download_url\": \"${URL}\",\n      \"hash\": \"${hash}\"\n    }\n  }\n}\n")
