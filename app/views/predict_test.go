package views

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestPredictPanel checks the panel of a causal row: a key button per
// token, those after the row disabled, no verdict before the reveal, and
// the chart's row hidden until then.
func TestPredictPanel(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Causal, s.Predict, s.PredictRow = "the cat sat on the mat", true, true, 2
	p := propsOf(t, s, compute.NeedPredict)
	html := render(t, &PredictPanel{Props: p})
	if n := strings.Count(html, "data-key="); n != 6 {
		t.Fatalf("%d key buttons, want 6: %s", n, html)
	}
	if n := strings.Count(html, "disabled"); n != 3+2 { // keys 3…5, Reveal and Next
		t.Errorf("%d disabled controls, want the 3 keys after “sat” and Reveal: %s", n, html)
	}
	if !strings.Contains(html, "“sat”") || strings.Contains(html, "predict-result") {
		t.Errorf("the question or an early verdict: %s", html)
	}
	if hiddenRow(p) != 2 {
		t.Errorf("hidden row %d, want 2", hiddenRow(p))
	}

	s.PredictGuess, s.PredictShown = p.Predict.Best, true
	p = propsOf(t, s, compute.NeedPredict)
	html = render(t, &PredictPanel{Props: p})
	if !strings.Contains(html, `id="predict-result"`) || !strings.Contains(html, "Right") || hiddenRow(p) != -1 {
		t.Errorf("after a right guess, revealed (hidden row %d): %s", hiddenRow(p), html)
	}

	s.Predict = false
	if html := render(t, &PredictPanel{Props: propsOf(t, s, compute.NeedPredict)}); strings.Contains(html, "data-key") || !strings.Contains(html, `id="predict"`) {
		t.Errorf("switched off: %s", html)
	}
}
