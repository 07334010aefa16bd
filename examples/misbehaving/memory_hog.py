#!/usr/bin/env python3
"""Allocates without bound: the memory limit must stop it (RE), not the machine."""
import sys

sys.stdin.read()
hog = []
while True:
    hog.append(bytearray(64 << 20))
