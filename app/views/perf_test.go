package views

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/attnviz/attnviz/attention"
)

// benchResult computes the page's result for n tokens and heads heads.
func benchResult(b *testing.B, n, heads int) *attention.Result {
	words := make([]string, n)
	for i := range words {
		words[i] = string(rune('a'+i%26)) + "x"
	}
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Heads = strings.Join(words, " "), heads
	var e attention.Engine
	r, err := e.Run(s.Spec())
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// BenchmarkKeystrokeOptions: the chart options the attention view makes on a
// keystroke that changes the result (a large heatmap and heads+1 thumbnails).
func BenchmarkKeystrokeOptions(b *testing.B) {
	for _, c := range []struct {
		name     string
		n, heads int
	}{{"n16_h4", 16, 4}, {"n128_h8", 128, 8}} {
		b.Run(c.name, func(b *testing.B) {
			r := benchResult(b, c.n, c.heads)
			v := &AttentionView{Props: Props{State: state.DefaultState(i18n.LangEN), Results: compute.Results{Result: r, Head: state.HeadMean}}}
			b.ReportAllocs()
			for b.Loop() {
				v.Props.Rev++
				v.build(v.Props)
			}
		})
	}
}
