/*
 * An exhaustive counter of binary-puzzle solutions, independent of the
 * project's Python counters: rows are filled top to bottom from the valid
 * lines that agree with the row's givens; each new row must differ from the
 * rows above and leave every column with at least one valid line that
 * agrees with its digits so far and its givens below (each column keeps the
 * list of those lines, filtered a row at a time); at the bottom the columns
 * must all differ.
 *
 * Reads one grid a line ("01../.1.0/..."; 0, 1 or . a cell, rows joined by
 * /) and prints its number of solutions. With an argument LIMIT, a count
 * stops as soon as it passes LIMIT (and prints LIMIT + 1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define MAXN 16

static int rows, cols;
static uint32_t full;
static uint32_t lines[20000];
static int nlines;
static uint32_t *options[MAXN];
static int noptions[MAXN];
static uint32_t chosen[MAXN];
/* cands[c][k]: the valid lines of column c that agree with rows 0..k-1 and its givens. */
static uint32_t *cands[MAXN][MAXN + 1];
static int ncands[MAXN][MAXN + 1];
static uint64_t total;
static uint64_t limit = UINT64_MAX;

static int valid_line(uint32_t v, int n)
{
    int c, run = 1, ones = 0;
    for (c = 0; c < n; c++) {
        int bit = (v >> c) & 1;
        ones += bit;
        if (c > 0 && bit == ((v >> (c - 1)) & 1)) {
            if (++run > 2)
                return 0;
        } else {
            run = 1;
        }
    }
    return 2 * ones == n;
}

static int columns_differ(void)
{
    uint32_t col[MAXN];
    int r, c, d;
    for (c = 0; c < cols; c++) {
        col[c] = 0;
        for (r = 0; r < rows; r++)
            col[c] |= ((chosen[r] >> c) & 1u) << r;
    }
    for (c = 0; c < cols; c++)
        for (d = c + 1; d < cols; d++)
            if (col[c] == col[d])
                return 0;
    return 1;
}

static void walk(int k)
{
    int i, j, c;
    if (total > limit)
        return;
    if (k == rows) {
        if (columns_differ())
            total++;
        return;
    }
    for (i = 0; i < noptions[k]; i++) {
        uint32_t v = options[k][i];
        int ok = 1;
        for (j = 0; j < k; j++)
            if (chosen[j] == v)
                ok = 0;
        for (c = 0; ok && c < cols; c++) {
            uint32_t bit = (v >> c) & 1u;
            const uint32_t *from = cands[c][k];
            uint32_t *to = cands[c][k + 1];
            int n = 0, m;
            for (m = 0; m < ncands[c][k]; m++)
                if (((from[m] >> k) & 1u) == bit)
                    to[n++] = from[m];
            ncands[c][k + 1] = n;
            if (n == 0)
                ok = 0;
        }
        if (!ok)
            continue;
        chosen[k] = v;
        walk(k + 1);
    }
}

static int count_line(const char *text)
{
    uint32_t ones[MAXN], zeros[MAXN];
    int r = 0, c = 0, i, k;
    const char *p;
    memset(ones, 0, sizeof ones);
    memset(zeros, 0, sizeof zeros);
    cols = -1;
    for (p = text; *p && *p != '\n'; p++) {
        if (*p == '/') {
            if (cols >= 0 && c != cols)
                return -1;
            cols = c;
            r++;
            c = 0;
            continue;
        }
        if (r >= MAXN || c >= MAXN)
            return -1;
        if (*p == '1')
            ones[r] |= 1u << c;
        else if (*p == '0')
            zeros[r] |= 1u << c;
        else if (*p != '.')
            return -1;
        c++;
    }
    if (cols >= 0 && c != cols)
        return -1;
    cols = c;
    rows = r + 1;
    if (rows % 2 || cols % 2 || cols < 2)
        return -1;
    full = (cols == 32) ? 0xffffffffu : ((1u << cols) - 1);
    nlines = 0;
    for (i = 0; i <= (int)full; i++)
        if (valid_line((uint32_t)i, cols))
            lines[nlines++] = (uint32_t)i;
    for (r = 0; r < rows; r++) {
        options[r] = malloc(sizeof(uint32_t) * (nlines ? nlines : 1));
        noptions[r] = 0;
        for (i = 0; i < nlines; i++)
            if ((lines[i] & ones[r]) == ones[r] && (lines[i] & zeros[r]) == 0)
                options[r][noptions[r]++] = lines[i];
    }
    /* The column lines: valid lines of length rows agreeing with the column's givens. */
    nlines = 0;
    for (i = 0; i < (1 << rows); i++)
        if (valid_line((uint32_t)i, rows))
            lines[nlines++] = (uint32_t)i;
    for (c = 0; c < cols; c++) {
        uint32_t cone = 0, czero = 0;
        for (r = 0; r < rows; r++) {
            cone |= ((ones[r] >> c) & 1u) << r;
            czero |= ((zeros[r] >> c) & 1u) << r;
        }
        for (k = 0; k <= rows; k++)
            cands[c][k] = malloc(sizeof(uint32_t) * (nlines ? nlines : 1));
        ncands[c][0] = 0;
        for (i = 0; i < nlines; i++)
            if ((lines[i] & cone) == cone && (lines[i] & czero) == 0)
                cands[c][0][ncands[c][0]++] = lines[i];
    }
    total = 0;
    walk(0);
    for (r = 0; r < rows; r++)
        free(options[r]);
    for (c = 0; c < cols; c++)
        for (k = 0; k <= rows; k++)
            free(cands[c][k]);
    return 0;
}

int main(int argc, char **argv)
{
    char buf[1024];
    if (argc > 1)
        limit = strtoull(argv[1], NULL, 10);
    while (fgets(buf, sizeof buf, stdin)) {
        if (count_line(buf) < 0) {
            printf("error\n");
        } else {
            printf("%llu\n", (unsigned long long)(total > limit ? limit + 1 : total));
        }
        fflush(stdout);
    }
    return 0;
}
