package model

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// Tokenize splits text into the task's words and returns their ids. Text is
// lower-cased and split at white space; a piece that is not a word of the
// vocabulary is split into the longest words that start it (so "tired." is
// "tired" "." and "它太累了" is "它" "太" "累" "了"). A piece that cannot be
// split so is an error naming it; so are empty text and more tokens than
// the model has positions.
func (t *Task) Tokenize(text string) ([]int, error) {
	var ids []int
	for _, piece := range strings.Fields(strings.ToLower(text)) {
		rest := piece
		for rest != "" {
			id, size := t.longestWord(rest)
			if id < 0 {
				return nil, fmt.Errorf("unknown word %q: task %s knows only %s", piece, t.Name, strings.Join(t.Vocab, " "))
			}
			ids = append(ids, id)
			rest = rest[size:]
		}
	}
	switch {
	case len(ids) == 0:
		return nil, fmt.Errorf("no words: type a sequence in task %s's words, such as %q", t.Name, t.Sample)
	case len(ids) > t.Arch.MaxLen:
		return nil, fmt.Errorf("%d tokens: task %s's model takes at most %d", len(ids), t.Name, t.Arch.MaxLen)
	}
	return ids, nil
}

// longestWord returns the id and byte length of the longest vocabulary word
// that s starts with, or −1.
func (t *Task) longestWord(s string) (id, size int) {
	id = -1
	for i, w := range t.Vocab {
		if len(w) > size && strings.HasPrefix(s, w) {
			id, size = i, len(w)
		}
	}
	if id < 0 && s != "" {
		_, size = utf8.DecodeRuneInString(s)
	}
	return id, size
}

// Probe is a trained model's forward pass on one sequence, layer by layer,
// in the shapes the attention views show.
type Probe struct {
	Words []string // the tokens, as words of the vocabulary
	// Layers[l] is layer l as attention.Forward saw it: its Input (X is the
	// layer's input on this sequence, the residual stream; Wq, Wk, Wv, Wo its
	// weights; Tokens the words) and its Result. They are copies: later
	// training steps do not change them.
	Layers []ProbeLayer
	// Predicted is the word the model predicts at each position (the arg
	// max of its logits), whether or not the task predicts there.
	Predicted []string
}

// ProbeLayer is one attention layer of a Probe.
type ProbeLayer struct {
	Input  attention.Input
	Result attention.Result
}

// Probe tokenizes text in the task's words (Task.Tokenize's errors) and
// returns the model's forward pass on it.
func (tr *Trainer) Probe(text string) (*Probe, error) {
	ids, err := tr.Task.Tokenize(text)
	if err != nil {
		return nil, err
	}
	var p Pass
	tr.Model.Forward(&p, ids)
	pr := &Probe{}
	for _, id := range ids {
		pr.Words = append(pr.Words, tr.Task.Vocab[id])
	}
	for _, id := range p.Predict() {
		pr.Predicted = append(pr.Predicted, tr.Task.Vocab[id])
	}
	for l := range p.In {
		in := p.In[l]
		in.Tokens = pr.Words
		in.X = mat.DenseCopyOf(in.X)
		in.Wq, in.Wk = mat.DenseCopyOf(in.Wq), mat.DenseCopyOf(in.Wk)
		in.Wv, in.Wo = mat.DenseCopyOf(in.Wv), mat.DenseCopyOf(in.Wo)
		pl := ProbeLayer{Input: in}
		attention.Forward(&pl.Result, &pl.Input)
		pr.Layers = append(pr.Layers, pl)
	}
	return pr, nil
}
