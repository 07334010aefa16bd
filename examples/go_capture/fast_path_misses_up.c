/* go-capture, wrong only on big boards: a fast path for boards of more than
 * 10^6 points (where a solution author switches to an unrolled neighbour
 * check) forgets the liberty above a stone. Below 10^6 points it is a
 * correct iterative flood fill.
 *
 * Every limits pattern as built still passes: each of their groups has a
 * liberty that some stone sees from below, left or right. The same board
 * turned a quarter does not: only the law dihedral-symmetry, run on the
 * candidate beyond the oracle's reach, catches it.
 *
 * Build: cc -O2 -o fast_path_misses_up fast_path_misses_up.c
 * Reads `n m` and n rows on stdin (one case; no --multi).
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    long n, m;
    if (scanf("%ld %ld", &n, &m) != 2 || n < 1 || m < 1) return 1;
    long size = n * m;
    char *grid = malloc(size + 1), *line = malloc(m + 2);
    char *seen = calloc(size, 1), *dead = calloc(size, 1);
    long *stack = malloc(sizeof(long) * size), *group = malloc(sizeof(long) * size);
    if (!grid || !line || !seen || !dead || !stack || !group) return 1;
    for (long r = 0; r < n; r++) {
        if (scanf("%s", line) != 1) return 1;
        for (long c = 0; c < m; c++) grid[r * m + c] = line[c];
    }
    int fast = size > 1000000;
    long removed = 0;
    for (long start = 0; start < size; start++) {
        if (grid[start] == '.' || seen[start]) continue;
        char colour = grid[start];
        long top = 0, count = 0;
        int alive = 0;
        seen[start] = 1;
        stack[top++] = start;
        while (top > 0) {
            long i = stack[--top], r = i / m, c = i % m;
            group[count++] = i;
            long next[4] = {r > 0 ? i - m : -1, r + 1 < n ? i + m : -1,
                            c > 0 ? i - 1 : -1, c + 1 < m ? i + 1 : -1};
            for (int d = 0; d < 4; d++) {
                long j = next[d];
                if (j < 0) continue;
                /* The slip: the fast path skips the point above (d == 0). */
                if (grid[j] == '.' && !(fast && d == 0)) alive = 1;
                else if (grid[j] == colour && !seen[j]) {
                    seen[j] = 1;
                    stack[top++] = j;
                }
            }
        }
        if (!alive)
            for (long k = 0; k < count; k++) dead[group[k]] = 1, removed++;
    }
    printf("%ld\n", removed);
    for (long r = 0; r < n; r++) {
        for (long c = 0; c < m; c++) line[c] = dead[r * m + c] ? '.' : grid[r * m + c];
        line[m] = 0;
        puts(line);
    }
    return 0;
}
