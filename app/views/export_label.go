package views

import (
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/export"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// chartLabel is what an export of a chart that shows other weights than
// the view's result says of them, in its caption and file name: their
// sentence ("" leaves it out, as for a difference of two sentences) and
// whether the causal mask made them. A chart without one (nil Data) is
// labelled by the view's result (ExportMenu.label).
type chartLabel struct {
	sentence string
	causal   bool
}

// data is l as a chart's data attributes (chart.Chart.Data).
func (l chartLabel) data() map[string]string {
	return map[string]string{"export-sentence": l.sentence, "export-causal": state.EncodeBool(l.causal)}
}

// diffLabel is the label of the difference of a and b: the sentence and the
// mask they share, none where they differ.
func diffLabel(a, b chartLabel) chartLabel {
	d := a
	if a.sentence != b.sentence {
		d.sentence = ""
	}
	d.causal = a.causal && b.causal
	return d
}

// labelOfChart returns l with the sentence and the mask of the chart el
// where it has its own (data-export-sentence, data-export-causal).
func labelOfChart(el app.Value, l export.Label) export.Label {
	dom.Try(func() {
		data := el.Get("dataset")
		if c := data.Get("exportCausal"); c.Truthy() {
			l.Sentence, l.Causal = "", c.String() == "1"
			if s := data.Get("exportSentence"); s.Type() == app.TypeString {
				l.Sentence = s.String() // an empty value may leave the attribute out
			}
		}
	})
	return l
}
