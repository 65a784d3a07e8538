//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// training is window.attnviz.training().
type training struct {
	Task     string   `json:"task"`
	Step     int      `json:"step"`
	Loss     *float64 `json:"loss"`
	Accuracy *float64 `json:"accuracy"`
	Running  bool     `json:"running"`
}

// training returns window.attnviz.training().
func (tb *tab) training() training {
	tb.t.Helper()
	raw := eval[string](tb, `JSON.stringify(window.attnviz.training())`)
	var tr training
	if err := json.Unmarshal([]byte(raw), &tr); err != nil {
		tb.t.Fatalf("window.attnviz.training() = %s: %v", raw, err)
	}
	return tr
}

// openLearn opens the Learn view with the link state link (after "#").
func (tb *tab) openLearn(s *site, link string) {
	tb.t.Helper()
	tb.open(s.URL() + "#view=learn&" + link)
	tb.waitFor("the Learn view", `!!window.attnviz.training()`, 20*time.Second)
}

// trainUntilStopped presses #train and waits until training stops by
// itself, at step want.
func (tb *tab) trainUntilStopped(want int) training {
	tb.t.Helper()
	tb.do("pressing #train", chromedp.Click(chromedp.CSS("#train")))
	tb.waitFor("training to stop at step "+strconv.Itoa(want),
		fmt.Sprintf(`(t => t && !t.running && t.step === %d)(window.attnviz.training())`, want), 120*time.Second)
	return tb.training()
}

// argmaxRows returns the column of each row's largest weight.
func argmaxRows(w [][]float64) []int {
	out := make([]int, len(w))
	for i, row := range w {
		for j, x := range row {
			if x > row[out[i]] {
				out[i] = j
			}
		}
	}
	return out
}

// attnTrain runs attn train for the run, writing the model to a file, and
// returns the file's bytes; it skips when cmd/attn has no train command.
func attnTrain(t *testing.T, task string, seed, steps int, lr string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "model.json")
	args := []string{"train", "-task", task, "-seed", strconv.Itoa(seed), "-steps", strconv.Itoa(steps), "-lr", lr, "-out", out}
	cmd := exec.Command(attnBinary, args...)
	b, err := cmd.CombinedOutput()
	if err != nil {
		if strings.Contains(string(b), "train") && !strings.Contains(string(b), "task") {
			t.Skipf("cmd/attn has no train command yet: %s", firstLine(string(b)))
		}
		t.Fatalf("attn %q: %v: %s", args, err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// firstLine returns s up to its first line break.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// TestLearnReverse trains reverse through the page until it stops at the
// task's budget, and checks the accuracy, the anti-diagonal in the trained
// layer, and that no number of the result is NaN.
func TestLearnReverse(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=reverse&seed=3")
	start := time.Now()
	tr := tb.trainUntilStopped(400)
	t.Logf("reverse: step %d in %v, loss %v, accuracy %v", tr.Step, time.Since(start).Round(time.Millisecond), deref(tr.Loss), deref(tr.Accuracy))
	if tr.Accuracy == nil || *tr.Accuracy < 0.99 {
		t.Errorf("held-out accuracy %v, want ≥ 0.99", deref(tr.Accuracy))
	}
	r := tb.result()
	n := len(r.Tokens)
	for h, head := range r.Heads {
		for i, j := range argmaxRows(head.Weights) {
			if j != n-1-i {
				t.Errorf("head %d, row %d: largest weight at key %d, want the anti-diagonal's %d", h, i, j, n-1-i)
			}
		}
	}
	tb.checkClean("training reverse")
}

// deref returns *p, or NaN for nil.
func deref(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// TestLearnScreenshots saves the Learn view, trained part of the way, at
// 1280×800 and 390×844, in both languages.
func TestLearnScreenshots(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=previous&seed=1&until=150")
	tb.trainUntilStopped(150)
	tb.screenshots("learn", nil)
	tb.openLearn(s, "task=reverse&seed=1&steps=60&lang=zh-Hans")
	tb.waitFor("retraining to step 60", `window.attnviz.training().step === 60`, 60*time.Second)
	tb.screenshots("learn-zh", nil)
	tb.checkClean("the Learn view's screenshots")
}
