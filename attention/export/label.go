package export

import (
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/attention"
)

// Label is what the file name and caption of a chart export say: the
// sentence, the matrix shown and the settings.
type Label struct {
	Sentence string // the sentence, or the tokens joined by spaces
	Heads    int    // the number of heads
	Head     Matrix // the matrix the chart shows
	Causal   bool
	DModel   int
	Seed     int64
	Seeded   bool // Seed made the embeddings (text mode): say it

	// Task and Step name a trained model's weights (attention/model's
	// task, the steps trained); "" for weights that are not trained.
	Task string
	Step int
}

// Bounds of a Label's sentence.
const (
	maxCaptionSentence = 40 // display columns of the caption's sentence
	maxNameSentence    = 40 // bytes of the file name's sentence
)

// LabelOf returns the label of matrix m of res, computed from spec (nil: the
// sentence is the tokens joined by spaces, and no seed).
func LabelOf(res *attention.Result, spec *attention.Spec, m Matrix) Label {
	l := Label{
		Sentence: strings.Join(res.Tokens, " "),
		Heads:    len(res.Heads),
		Head:     m,
		Causal:   res.Options.Causal,
	}
	if res.X != nil {
		_, l.DModel = res.X.Dims()
	}
	if spec != nil && spec.Text != nil {
		l.Sentence = *spec.Text
	}
	if spec != nil && res.FromText {
		l.Seed, l.Seeded = spec.Seed, true
	}
	return l
}

// Caption returns the label in one line, with the heads numbered from 1 as
// the page shows them:
//
//	“The cat sat on the mat.” · head 1 of 2 · causal · d_model 16 · seed 1
//
// The sentence has its white space collapsed and is made Printable, and cut
// with an ellipsis to about 40 columns (at a space when there is one near);
// an empty sentence is left out, as are the mask when it is not causal and
// the seed when not Seeded; a trained model's task and step come first.
// The caption is plain text: escape it to put it in HTML or SVG.
func (l Label) Caption() string {
	var parts []string
	if l.Task != "" {
		parts = append(parts, Printable(l.Task)+", trained to step "+strconv.Itoa(l.Step))
	}
	if s := shorten(Printable(strings.Join(strings.Fields(l.Sentence), " ")), maxCaptionSentence); s != "" {
		parts = append(parts, "“"+s+"”")
	}
	switch {
	case l.Head == Mean && l.Heads > 1:
		parts = append(parts, "mean of "+strconv.Itoa(l.Heads)+" heads")
	case l.Head == Mean || l.Heads <= 1:
		parts = append(parts, "1 head")
	default:
		parts = append(parts, "head "+strconv.Itoa(int(l.Head)+1)+" of "+strconv.Itoa(l.Heads))
	}
	if l.Causal {
		parts = append(parts, "causal")
	}
	if l.DModel > 0 {
		parts = append(parts, "d_model "+strconv.Itoa(l.DModel))
	}
	if l.Seeded {
		parts = append(parts, "seed "+strconv.FormatInt(l.Seed, 10))
	}
	return strings.Join(parts, " · ")
}

// shorten cuts s to at most n display columns with an ellipsis, at the last
// space when that keeps at least half of it.
func shorten(s string, n int) string {
	if Width(s) <= n {
		return s
	}
	_, end := widthUpTo(s, n-1)
	cut := s[:end]
	if i := strings.LastIndexByte(cut, ' '); i >= end/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ") + ellipsis
}

// FileName returns a file name for a chart export of the label, with
// extension ext ("png" or ".png"): only a–z, 0–9, '-' and the dot, at most
// about 100 bytes, with the heads numbered from 1 as the page shows them:
//
//	attention-the-cat-sat-on-the-mat-h1-causal-d16-seed1.png
//
// The sentence gives its ASCII letters and digits, lower-cased, each run of
// anything else a '-' (a sentence with none, such as Chinese, gives none),
// cut to 40 bytes at a '-' when there is one near; the mean is "mean", and
// a result of one head names no head. A trained model's weights are named
// by its task and step first: attention-reverse-step30-a-b-c-d16.png.
func (l Label) FileName(ext string) string {
	parts := []string{"attention"}
	if t := slug(l.Task, maxNameSentence); t != "" {
		parts = append(parts, t, "step"+strconv.Itoa(l.Step))
	}
	if s := slug(l.Sentence, maxNameSentence); s != "" {
		parts = append(parts, s)
	}
	switch {
	case l.Heads <= 1:
	case l.Head == Mean:
		parts = append(parts, "mean")
	default:
		parts = append(parts, "h"+strconv.Itoa(int(l.Head)+1))
	}
	if l.Causal {
		parts = append(parts, "causal")
	}
	if l.DModel > 0 {
		parts = append(parts, "d"+strconv.Itoa(l.DModel))
	}
	if l.Seeded {
		parts = append(parts, "seed"+strconv.FormatInt(l.Seed, 10))
	}
	name := strings.Join(parts, "-")
	if e := slug(ext, 8); e != "" {
		name += "." + strings.ReplaceAll(e, "-", "")
	}
	return name
}

// slug returns the ASCII letters and digits of s, lower-cased, with every
// run of other characters between them one '-', at most n bytes long (cut at
// a '-' when that keeps at least half).
func slug(s string, n int) string {
	b := make([]byte, 0, min(len(s), n+1))
	dash := false
	for i := 0; i < len(s) && len(b) <= n; i++ {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		default:
			dash = len(b) > 0
			continue
		}
		if dash {
			b, dash = append(b, '-'), false
		}
		b = append(b, c)
	}
	if len(b) > n {
		b = b[:n]
		if i := strings.LastIndexByte(string(b), '-'); i >= n/2 {
			b = b[:i]
		}
	}
	return strings.Trim(string(b), "-")
}
