#!/usr/bin/env python3
"""Prints something that is not an answer: the checker must report PE."""
import sys

sys.stdin.read()
print("hello, world")
