/* go-capture, correct but with a recursive flood fill: one C stack frame
 * per stone of a group. Under the default stack limit of a candidate run
 * (8 MiB, `--stack-mb`) the spiral pattern's single long group overflows
 * the stack at a few hundred points of side: killed by SIGSEGV. The report
 * says so and names the stack limit; `--stack-mb 1024` lets it pass.
 *
 * Build: cc -O0 -o recursive_flood recursive_flood.c
 * Reads `n m` and n rows on stdin (one case; no --multi).
 */
#include <stdio.h>
#include <stdlib.h>

static long n, m;
static char *grid, *seen;
static long *group;
static long count;

/* Marks the group of `i`; returns whether it touches an empty point. */
static int flood(long i, char colour) {
    long r = i / m, c = i % m;
    long next[4] = {r > 0 ? i - m : -1, r + 1 < n ? i + m : -1,
                    c > 0 ? i - 1 : -1, c + 1 < m ? i + 1 : -1};
    int alive = 0;
    seen[i] = 1;
    group[count++] = i;
    for (int d = 0; d < 4; d++) {
        long j = next[d];
        if (j < 0) continue;
        if (grid[j] == '.') alive = 1;
        else if (grid[j] == colour && !seen[j]) alive |= flood(j, colour);
    }
    return alive;
}

int main(void) {
    if (scanf("%ld %ld", &n, &m) != 2 || n < 1 || m < 1) return 1;
    long size = n * m;
    char *line = malloc(m + 2), *dead = calloc(size, 1);
    grid = malloc(size + 1);
    seen = calloc(size, 1);
    group = malloc(sizeof(long) * size);
    if (!grid || !line || !seen || !dead || !group) return 1;
    for (long r = 0; r < n; r++) {
        if (scanf("%s", line) != 1) return 1;
        for (long c = 0; c < m; c++) grid[r * m + c] = line[c];
    }
    long removed = 0;
    for (long start = 0; start < size; start++) {
        if (grid[start] == '.' || seen[start]) continue;
        count = 0;
        if (!flood(start, grid[start]))
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
