package embedmodel

import "math"

// zipfProbability estimates a word's unigram probability from its frequency
// rank (0 = most frequent) among size words, by Zipf's law:
// p(r) = 1 / ((r+1) * H(size)), H the harmonic number.
func zipfProbability(rank int, harmonic float64) float64 {
	return 1 / (float64(rank+1) * harmonic)
}

func harmonicNumber(n int) float64 {
	h := 0.0
	for k := n; k >= 1; k-- { // smallest terms first for accuracy
		h += 1 / float64(k)
	}
	return h
}

// sifWeight is the smooth inverse frequency weight a/(a+p) (Arora et al.,
// 2017): near 1 for rare words, near 0 for "the", ",", "of".
func sifWeight(a, p float64) float64 { return a / (a + p) }

// weightedTable returns, for each word, its vector scaled by its SIF weight,
// in float64. If removeCommon, the first principal direction of the
// probability-weighted scaled vectors (the direction shared by all typical
// sentences) is projected out of every row; the projection is linear, so a
// sum of projected rows is the projected sum.
func weightedTable(words []WordVector, size int, a float64, removeCommon bool) [][]float64 {
	h := harmonicNumber(size)
	rows := make([][]float64, len(words))
	probs := make([]float64, len(words))
	for i, w := range words {
		probs[i] = zipfProbability(w.Rank, h)
		s := sifWeight(a, probs[i])
		row := make([]float64, len(w.Vector))
		for j, x := range w.Vector {
			row[j] = s * float64(x)
		}
		rows[i] = row
	}
	if removeCommon && len(rows) > 0 {
		u := principalDirection(rows, probs)
		for _, row := range rows {
			d := dot(row, u)
			for j := range row {
				row[j] -= d * u[j]
			}
		}
	}
	return rows
}

// principalDirection returns the unit top eigenvector of the weighted second
// moment matrix sum_i w_i r_i r_i^T, by power iteration from a fixed start so
// the result is reproducible.
func principalDirection(rows [][]float64, weights []float64) []float64 {
	dim := len(rows[0])
	m := make([][]float64, dim)
	for i := range m {
		m[i] = make([]float64, dim)
	}
	for k, r := range rows {
		w := weights[k]
		for i := range dim {
			wi := w * r[i]
			for j := range dim {
				m[i][j] += wi * r[j]
			}
		}
	}
	u := make([]float64, dim)
	for i := range u {
		u[i] = 1 / math.Sqrt(float64(dim))
	}
	next := make([]float64, dim)
	for range 200 {
		for i := range dim {
			next[i] = dot(m[i], u)
		}
		n := math.Sqrt(dot(next, next))
		if n == 0 {
			return u
		}
		for i := range u {
			u[i] = next[i] / n
		}
	}
	return u
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
