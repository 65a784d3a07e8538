package chart

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// largeOf is a Large n × n heatmap labelled by labels.
func largeOf(labels []string) Heatmap {
	n := len(labels)
	return Heatmap{Values: mat.NewDense(n, n, nil), Rows: labels, Cols: labels, Max: 1, Large: true, RowName: "query", ColName: "key"}
}

// TestLeastWidth checks that at its least width a Large heatmap's turned
// column labels are at least their size apart across (sin 60° of the
// columns' distance) or upright by the media, and its rows a label's size
// apart; and that the Chinese example's 14 one-character tokens fit a third
// of a 1920 px projector (about 620 px), while 16 long English words do not.
func TestLeastWidth(t *testing.T) {
	zh := strings.Split("小 猫 坐 在 垫 子 上 ， 因 为 它 累 了 。", " ")
	long := strings.Fields("the cat sat on the mat because it was tired and then it slept all day")
	for _, labels := range [][]string{zh, long, {"a", "b"}, strings.Fields("extraordinarily long words everywhere here")} {
		h := largeOf(labels)
		w := h.LeastWidth()
		l := h.labelLayout(LargeLabelSize)
		n := len(labels)
		upright := l.rowLabels + 40 + n*(l.colLabel+6)
		g := l.grid(true)
		left, _ := strconv.Atoi(g.Left)
		top, _ := strconv.Atoi(g.Top)
		across := float64(w-left-gridRight) / float64(n) * math.Sqrt(3) / 2
		if w < upright && across < LargeLabelSize {
			t.Errorf("%v: at %d px the turned labels are %.1f px apart, less than %d", labels, w, across, LargeLabelSize)
		}
		if rows := float64(w-top-gridBottom) / float64(n); rows < LargeLabelSize {
			t.Errorf("%v: at %d px the rows are %.1f px apart, less than %d", labels, w, rows, LargeLabelSize)
		}
	}
	if w := largeOf(zh).LeastWidth(); w > 620 {
		t.Errorf("the Chinese example's least width is %d px, more than a third of a projector", w)
	}
	if w := largeOf(long).LeastWidth(); w <= 620 {
		t.Errorf("16 English words' least width is %d px; their turned labels cannot be 30 px apart in 620", w)
	}
}
