// Package textdist measures how far a typed word or id is from a known
// one: the optimal-string-alignment distance, bounded so that a scan over
// every id or word of a 365,000-row catalog stays cheap.
package textdist

// Distance is the optimal-string-alignment distance between a and b
// (insertions, deletions, substitutions and swaps of adjacent elements,
// compared as given), or limit+1 as soon as it is known to exceed limit.
func Distance[T comparable](a, b []T, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	n := len(a) + 1
	var buf [3 * 64]int
	rows := buf[:]
	if 3*n > len(buf) {
		rows = make([]int, 3*n)
	}
	pp, prev, cur := rows[:n], rows[n:2*n], rows[2*n:3*n]
	for i := range prev {
		prev[i] = i
	}
	for j := 1; j <= len(b); j++ {
		cur[0] = j
		rowMin := j
		for i := 1; i < n; i++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[i] = min(prev[i]+1, cur[i-1]+1, prev[i-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[i] = min(cur[i], pp[i-2]+1)
			}
			rowMin = min(rowMin, cur[i])
		}
		if rowMin > limit {
			return limit + 1
		}
		pp, prev, cur = prev, cur, pp
	}
	if prev[n-1] > limit {
		return limit + 1
	}
	return prev[n-1]
}
