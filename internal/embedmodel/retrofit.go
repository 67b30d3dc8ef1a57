package embedmodel

import (
	"context"
	"math"
	"strings"

	"github.com/sextant-dev/sextant/internal/embed"
)

// RetrofitIterations is how many rounds retrofitting runs; Faruqui et al.
// (2015) found 10 enough for the vectors to settle.
const RetrofitIterations = 10

// retrofitStats says what retrofitting did, for the manifest.
type retrofitStats struct {
	Words  int `json:"words_moved"` // vocabulary words with at least one neighbour
	Edges  int `json:"edges"`       // word-to-neighbour links followed
	Phrase int `json:"phrases"`     // multi-word lemmas used as neighbours
}

// retrofit pulls each vocabulary word's vector toward its WordNet
// neighbours, the other lemmas of its synsets (Faruqui et al., 2015,
// "Retrofitting Word Vectors to Semantic Lexicons"); an inflected word
// ("prices") takes its base form's synsets, which hold the base form
// itself. On unit vectors, each round sets
//
//	q_i = (q̂_i + Σ_j q_j / deg_i) / 2
//
// (their α = 1, β_ij = 1/deg_i): a word keeps half its own meaning and
// takes half from the mean of its neighbours, so a polysemous word, whose
// neighbours scatter, moves little. A multi-word lemma ("consumer price
// index", "out of work") is a fixed neighbour: the unit vector of its
// words' SIF-weighted sum, which is how the model embeds that phrase; so
// an acronym WordNet lists with its expansion ("gdp", "cpi") moves toward
// the expansion's words. Words of the source outside the vocabulary are
// fixed neighbours too. Each retrofitted vector keeps its original length
// (which carries no meaning the SIF weights do not already). words are
// the vocabulary, all the source's reachable words (for neighbours).
func retrofit(ctx context.Context, words, all []WordVector, size int, a float64, lex *Lexicon) ([]WordVector, retrofitStats, error) {
	var st retrofitStats
	dim := len(words[0].Vector)
	h := harmonicNumber(size)
	allIdx := make(map[string]int, len(all))
	for i, w := range all {
		allIdx[w.Word] = i
	}
	unit := func(v []float32) []float64 {
		out := make([]float64, len(v))
		n := 0.0
		for i, x := range v {
			out[i] = float64(x)
			n += out[i] * out[i]
		}
		if n > 0 {
			n = 1 / math.Sqrt(n)
			for i := range out {
				out[i] *= n
			}
		}
		return out
	}

	// Nodes: 0..len(words)-1 are vocabulary words (updated); later nodes
	// are fixed vectors (other source words, phrases).
	vocab := make(map[string]int, len(words))
	q := make([][]float64, len(words))
	for i, w := range words {
		vocab[w.Word] = i
		q[i] = unit(w.Vector)
	}
	var fixed [][]float64
	fixedIdx := map[string]int{}
	node := func(l string) (int, bool) {
		if i, ok := vocab[l]; ok {
			return i, true
		}
		if i, ok := fixedIdx[l]; ok {
			return i, i >= 0
		}
		pieces := strings.FieldsFunc(embed.Clean(l), isSeparatorRune)
		var v []float64
		switch {
		case len(pieces) == 1 && pieces[0] == l:
			if j, ok := allIdx[l]; ok {
				v = unit(all[j].Vector)
			}
		case len(pieces) > 0:
			v = make([]float64, dim)
			for _, p := range pieces {
				j, ok := allIdx[p]
				if !ok {
					v = nil
					break
				}
				s := sifWeight(a, zipfProbability(all[j].Rank, h))
				for k, x := range all[j].Vector {
					v[k] += s * float64(x)
				}
			}
			if v != nil {
				v = normalized(v)
				st.Phrase++
			}
		}
		if v == nil {
			fixedIdx[l] = -1
			return 0, false
		}
		id := len(words) + len(fixed)
		fixed = append(fixed, v)
		fixedIdx[l] = id
		return id, true
	}

	// Each vocabulary word's synsets, through its single-word lemmas;
	// an inflected word ("prices", "rising") through its base form's.
	lemmaSynsets := map[string][]int{}
	for s, lemmas := range lex.Synsets {
		for _, l := range lemmas {
			lemmaSynsets[l] = append(lemmaSynsets[l], s)
		}
	}
	synsetsOf := map[int][]int{}
	for i, w := range words {
		if ss, ok := lemmaSynsets[w.Word]; ok {
			synsetsOf[i] = ss
			continue
		}
		for _, base := range baseForms(w.Word) {
			if ss, ok := lemmaSynsets[base]; ok {
				synsetsOf[i] = ss
				break
			}
		}
	}
	neighbours := make([][]int, len(words))
	for i := range words {
		seen := map[int]bool{i: true}
		add := func(s int) {
			for _, l := range lex.Synsets[s] {
				if id, ok := node(l); ok && !seen[id] {
					seen[id] = true
					neighbours[i] = append(neighbours[i], id)
				}
			}
		}
		for _, s := range synsetsOf[i] {
			add(s)
		}
		if len(neighbours[i]) > 0 {
			st.Words++
			st.Edges += len(neighbours[i])
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, st, err
	}

	vec := func(cur [][]float64, id int) []float64 {
		if id < len(words) {
			return cur[id]
		}
		return fixed[id-len(words)]
	}
	orig := q
	cur := q
	for range RetrofitIterations {
		next := make([][]float64, len(words))
		for i := range words {
			if len(neighbours[i]) == 0 {
				next[i] = cur[i]
				continue
			}
			v := make([]float64, dim)
			w := 1 / float64(len(neighbours[i]))
			for _, id := range neighbours[i] {
				for k, x := range vec(cur, id) {
					v[k] += w * x
				}
			}
			for k := range v {
				v[k] = (v[k] + orig[i][k]) / 2
			}
			next[i] = v
		}
		cur = next
		if err := ctx.Err(); err != nil {
			return nil, st, err
		}
	}

	out := make([]WordVector, len(words))
	for i, w := range words {
		out[i] = w
		if len(neighbours[i]) == 0 {
			continue
		}
		n0 := 0.0
		for _, x := range w.Vector {
			n0 += float64(x) * float64(x)
		}
		v := normalized(cur[i])
		nv := make([]float32, dim)
		for k := range v {
			nv[k] = float32(v[k] * math.Sqrt(n0))
		}
		out[i].Vector = nv
	}
	return out, st, nil
}

// inflections are WordNet's detachment rules (morphy) for regular
// plurals, verb forms and comparatives: suffix → replacement.
var inflections = [][2]string{
	{"ies", "y"}, {"ches", "ch"}, {"shes", "sh"}, {"sses", "ss"}, {"xes", "x"}, {"zes", "z"},
	{"ses", "s"}, {"es", "e"}, {"es", ""}, {"s", ""},
	{"ied", "y"}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""},
	{"er", "e"}, {"er", ""}, {"est", "e"}, {"est", ""},
}

// baseForms returns the candidate base forms of an inflected word, in
// the order WordNet's rules try them.
func baseForms(w string) []string {
	var out []string
	for _, r := range inflections {
		if len(w) > len(r[0])+2 && strings.HasSuffix(w, r[0]) {
			out = append(out, w[:len(w)-len(r[0])]+r[1])
		}
	}
	return out
}

func normalized(v []float64) []float64 {
	n := math.Sqrt(dot(v, v))
	if n == 0 {
		return v
	}
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x / n
	}
	return out
}

func isSeparatorRune(r rune) bool { return r == ' ' || IsSplitPunct(r) }
