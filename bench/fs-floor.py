#!/usr/bin/env python3
"""The file system's floor for a cold build: how long creating a build's files takes on this disk
and nothing else (no fetching, no rendering, no hashing).

    bench/fs-floor.py FILES BYTES FOLDER

Creates FOLDER (which must not exist) with 256 subfolders and FILES files of BYTES bytes each,
spread over them as site's output store spreads its files, in one process, and prints the
seconds that took (creating the folders and files, from Python's own clock, so its start-up is
not counted). compare.sh runs it right after deleting the previous run's files, as its cold runs
do, since on ext4 without a journal the inodes freed a moment ago make new ones dearer.
"""
import os
import sys
import time


def main() -> None:
    if len(sys.argv) != 4:
        sys.exit("usage: fs-floor.py FILES BYTES FOLDER")
    files, size, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    data = b"x" * size
    start = time.perf_counter()
    os.mkdir(folder)
    names = [f"{folder}/{index:02x}" for index in range(256)]
    for name in names:
        os.mkdir(name)
    for index in range(files):
        with open(f"{names[index % 256]}/{index}.html", "wb") as file:
            file.write(data)
    print(f"{time.perf_counter() - start:.4f}")


if __name__ == "__main__":
    main()
