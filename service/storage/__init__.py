"""Document storage: each signed XML stored once, compressed, in the database or an
S3-compatible object store, and each authorized XML rebuilt byte for byte from it
(`documents`: the row's columns and how they are read; `codec`: the packed formats; `blobs`:
where the packed bytes live; `models`: the compression dictionaries; `sweep`: orphan objects).
"""
