#!/bin/sh
# Leaves a background child holding stdout open, then hangs: the checker must
# report TLE and kill the whole process group, child included.
sleep 1000 &
sleep 1000
