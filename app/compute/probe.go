package compute

import (
	"strings"

	"github.com/attnviz/attnviz/attention/model"
)

// tokenizeProbe reads a probe sequence in t's words: words separated by
// spaces, each one of t.Vocab (matched as typed, else ignoring case), at
// most t.Arch.MaxLen of them. A rejected probe gives nil and the message
// key that says why, with the word or the limit.
//
// It stands in for a probe tokenizer of attention/model, which does not
// have one yet.
func tokenizeProbe(t *model.Task, text string) ([]int, Problem) {
	words := strings.Fields(text)
	switch {
	case len(words) == 0:
		return nil, Problem{"learn.probe.empty", nil}
	case len(words) > t.Arch.MaxLen:
		return nil, Problem{"learn.probe.long", t.Arch.MaxLen}
	}
	ids := make([]int, len(words))
	for i, w := range words {
		id := vocabID(t.Vocab, w)
		if id < 0 {
			return nil, Problem{"learn.probe.unknown", w}
		}
		ids[i] = id
	}
	return ids, Problem{}
}

// vocabID returns the id of word w in vocab, or -1.
func vocabID(vocab []string, w string) int {
	for i, v := range vocab {
		if v == w {
			return i
		}
	}
	for i, v := range vocab {
		if strings.EqualFold(v, w) {
			return i
		}
	}
	return -1
}
