package model

import (
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestTokenize(t *testing.T) {
	coref, _ := Lookup("coreference")
	for _, c := range []struct {
		text string
		want string // the words, space-separated
	}{
		{"The animal didn't cross the street because it was too tired.", "the animal didn't cross the street because it was too tired ."},
		{"  the dog   didn't chase the fox because it was too FAST . ", "the dog didn't chase the fox because it was too fast ."},
		{"动物没有穿过街道，因为它太累了。", "动物 没有 穿过 街道 ， 因为 它 太 累 了 。"},
		{"马路", "马路"}, // the longest word, not 马 路
	} {
		ids, err := coref.Tokenize(c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		var words []string
		for _, id := range ids {
			words = append(words, coref.Vocab[id])
		}
		if got := strings.Join(words, " "); got != c.want {
			t.Errorf("%q: %q, want %q", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		task, text, want string
	}{
		{"coreference", "the zebra didn't cross", `unknown word "zebra"`},
		{"coreference", "它太累了吗", `unknown word "它太累了吗"`},
		{"reverse", "a b z", `unknown word "z": task reverse knows only a b c d e f g h i j`},
		{"reverse", "a b c d e f g h a", "9 tokens: task reverse's model takes at most 8"},
		{"previous", " \t ", "no words"},
	} {
		task, _ := Lookup(c.task)
		if _, err := task.Tokenize(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %v, want %q", c.task, c.text, err, c.want)
		}
	}
}

// TestProbe trains reverse and checks what a probe returns: the words, the
// reversed prediction, layer inputs built from the embeddings, the
// anti-diagonal, and copies that later training leaves alone.
func TestProbe(t *testing.T) {
	tr, err := NewTrainer(Config{Task: "reverse", Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	for tr.Steps() < tr.Task.Steps {
		if err := tr.Step(); err != nil {
			t.Fatal(err)
		}
	}
	p, err := tr.Probe("h a c e g b d f")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(p.Predicted, " "); got != "f d b g e c a h" {
		t.Errorf("predicted %q, want the reverse", got)
	}
	if len(p.Layers) != 1 {
		t.Fatalf("%d layers", len(p.Layers))
	}
	l := p.Layers[0]
	if strings.Join(l.Input.Tokens, " ") != "h a c e g b d f" || strings.Join(l.Result.Tokens, " ") != "h a c e g b d f" {
		t.Errorf("tokens %q, %q", l.Input.Tokens, l.Result.Tokens)
	}
	var x0 mat.Dense
	x0.Add(tr.Model.Emb.RowView(7), tr.Model.Pos.RowView(0)) // "h" at position 0
	if !mat.Equal(&x0, l.Input.X.RowView(0)) {
		t.Error("X's first row is not emb[h] + pos[0]")
	}
	refs := []int{7, 6, 5, 4, 3, 2, 1, 0}
	if !argmaxAt(l.Result.WeightsMean.RawMatrix().Data, 8, 8, refs) {
		t.Errorf("weights not on the anti-diagonal:\n%v", mat.Formatted(l.Result.WeightsMean))
	}
	wq := mat.DenseCopyOf(l.Input.Wq)
	if err := tr.Step(); err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(wq, l.Input.Wq) || mat.Equal(wq, tr.Model.Layers[0].Wq) {
		t.Error("the probe's Wq is not a copy: it follows training")
	}
}
