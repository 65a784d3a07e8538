package compute

import (
	"strings"

	"github.com/attnviz/attnviz/attention/model"
)

// probeProblem says why t cannot read text as a probe sequence
// (model.Task.Tokenize), as a message key and its argument: the unknown
// word, or the most words the model takes. Problem{} if it can.
func probeProblem(t *model.Task, text string) Problem {
	_, err := t.Tokenize(text)
	switch {
	case err == nil:
		return Problem{}
	case strings.TrimSpace(text) == "":
		return Problem{"learn.probe.empty", nil}
	}
	for _, piece := range strings.Fields(strings.ToLower(text)) {
		if !splits(t.Vocab, piece) {
			return Problem{"learn.probe.unknown", piece}
		}
	}
	return Problem{"learn.probe.long", t.Arch.MaxLen}
}

// splits reports whether piece is a run of words of vocab, each the
// longest that starts the rest, as model.Task.Tokenize splits it.
func splits(vocab []string, piece string) bool {
	for piece != "" {
		size := 0
		for _, w := range vocab {
			if len(w) > size && strings.HasPrefix(piece, w) {
				size = len(w)
			}
		}
		if size == 0 {
			return false
		}
		piece = piece[size:]
	}
	return true
}
