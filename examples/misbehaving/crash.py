#!/usr/bin/env python3
"""Crashes on every input: the checker must report RE with the exit status."""
import sys

sys.stdin.read()
raise RuntimeError("boom")
