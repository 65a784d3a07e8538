package chart

import (
	"gonum.org/v1/gonum/mat"
)

// StretchRows returns h with each row's colours stretched over the whole
// scale: the row's smallest value (of its cells that are not masked) gets
// Min's colour and its largest Max's, so that the order of the weights within
// a row shows even where they are all small. The cells still print, and
// tooltips still tell, the true values (Labels), and the colour bar's ends
// read low and high (the row's smallest and largest). A row of one value
// takes the middle colour; masked cells take Min's.
func (h Heatmap) StretchRows(low, high string) Heatmap {
	rows, cols := h.Values.Dims()
	stretched := mat.NewDense(rows, cols, nil)
	masked := func(i, j int) bool { return h.MaskedCell != nil && h.MaskedCell(i, j) }
	for i := range rows {
		lo, hi, any := 0.0, 0.0, false
		for j := range cols {
			if v := h.Values.At(i, j); !masked(i, j) {
				if !any || v < lo {
					lo = v
				}
				if !any || v > hi {
					hi = v
				}
				any = true
			}
		}
		for j := range cols {
			switch v := h.Values.At(i, j); {
			case masked(i, j):
				stretched.Set(i, j, h.Min)
			case hi > lo:
				stretched.Set(i, j, h.Min+(v-lo)/(hi-lo)*(h.Max-h.Min))
			default:
				stretched.Set(i, j, (h.Min+h.Max)/2)
			}
		}
	}
	h.Labels = h.Values
	h.Values = stretched
	h.Ends = [2]string{high, low}
	return h
}

// labelValue is the number cell (i, j), of value v, prints: v, or the
// Labels' number when h has them.
func (h Heatmap) labelValue(i, j int, v float64) float64 {
	if h.Labels != nil {
		return h.Labels.At(i, j)
	}
	return v
}

// endTexts are the colour bar's texts, at Max and at Min.
func (h Heatmap) endTexts() []string {
	if h.Ends != [2]string{} {
		return []string{h.Ends[0], h.Ends[1]}
	}
	return []string{formatEnd(h.Max), formatEnd(h.Min)}
}
