package views

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestPredictChange checks the compare view's question: a key button per
// token, named by both sentences where they differ, the second side's and
// the difference's row hidden until the reveal, and the verdict's change.
func TestPredictChange(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Text2, s.View, s.Predict, s.PredictRow = "the cat sat on the mat", "the mat sat on the cat", "compare", true, 2
	p := propsOf(t, s, compute.NeedComparison)
	html := render(t, &PredictPanel{Props: p, Change: true})
	if n := strings.Count(html, "data-key="); n != 6 || !strings.Contains(html, "cat/mat") || !strings.Contains(html, "changes most") {
		t.Fatalf("%d key buttons, or no “cat/mat”, or not the change's question: %s", n, html)
	}
	if html := render(t, &PredictPanel{Props: p}); strings.Contains(html, "data-key=") {
		t.Errorf("the attention view's panel asks the change's question: %s", html)
	}
	if changeRow(p) != 2 || hiddenRow(p) != -1 {
		t.Errorf("rows hidden: compare %d (want 2), attention %d (want -1)", changeRow(p), hiddenRow(p))
	}
	pair := comparePairOf(s.Lang, &p.Comparison.Sentences, "A", "B", false, [3]func(i, j int) bool{}, [2]string{})
	pair.hide(2, true, s.Lang)
	for name, option := range map[string]string{"B": pair.b, "A − B": pair.diff} {
		if hidden := optionCells(t, option, 1); len(hidden) != 6 || hidden[0][1] != 2 {
			t.Errorf("%s: hidden cells %v, want the 6 of row 2", name, hidden)
		}
	}
	if shown := optionCells(t, pair.a, 0); len(shown) != 36 {
		t.Errorf("A: %d cells shown, want 36", len(shown))
	}

	s.PredictGuess, s.PredictShown = (p.Predict.Best+1)%3, true
	p = propsOf(t, s, compute.NeedComparison)
	html = render(t, &PredictPanel{Props: p, Change: true})
	if !strings.Contains(html, "Not quite") || !strings.Contains(html, formatNum(p.Predict.Off, 2)+" more") || changeRow(p) != -1 {
		t.Errorf("after a wrong guess, revealed: %s", html)
	}
}

// TestPredictChangePicture checks a long pair, drawn as pictures: the
// hidden row's charts are pictures too, and revealed, drawn whole.
func TestPredictChangePicture(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
	s.Text2 = "two one three four five six seven eight nine ten eleven twelve thirteen fourteen"
	s.View, s.Predict, s.PredictRow = "compare", true, 3
	p := propsOf(t, s, compute.NeedComparison)
	pair := comparePairOf(s.Lang, &p.Comparison.Sentences, "A", "B", false, [3]func(i, j int) bool{}, [2]string{})
	pair.hide(3, true, s.Lang)
	if pair.b != "" || pair.pb.Image == nil || pair.pdiff.Image == nil {
		t.Errorf("14 tokens, a row hidden: not pictures (option %d bytes)", len(pair.b))
	}
	pair = comparePairOf(s.Lang, &p.Comparison.Sentences, "A", "B", false, [3]func(i, j int) bool{}, [2]string{})
	pair.hide(-1, true, s.Lang)
	if pair.b != "" || pair.pb.Base == "" || pair.pdiff.Base == "" {
		t.Error("14 tokens, revealed: not drawn whole")
	}
}

// TestPredictRows checks the question of the row that changes most: every
// row of the second side and the difference hidden, a button per row.
func TestPredictRows(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Text2, s.View, s.Predict, s.PredictRows = "the cat sat on the mat", "the mat sat on the cat", "compare", true, true
	p := propsOf(t, s, compute.NeedComparison)
	html := render(t, &PredictPanel{Props: p, Change: true})
	if n := strings.Count(html, "data-key="); n != 6 || !strings.Contains(html, "which query row") || !strings.Contains(html, `id="predict-what"`) || strings.Contains(html, `id="predict-row"`) {
		t.Fatalf("%d row buttons, or not the rows' question: %s", n, html)
	}
	if changeRow(p) != allRows {
		t.Errorf("hidden: %d, want every row", changeRow(p))
	}
	pair := comparePairOf(s.Lang, &p.Comparison.Sentences, "A", "B", false, [3]func(i, j int) bool{}, [2]string{})
	pair.hide(allRows, true, s.Lang)
	if hidden := optionCells(t, pair.diff, 1); len(hidden) != 36 {
		t.Errorf("%d cells of the difference hidden, want 36", len(hidden))
	}
}
