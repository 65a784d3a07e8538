package chart

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// HiddenOption returns the option of hm with the cells its MaskedCell names
// hidden: grey, 0 and "?" in place of their values, and still cells, which
// a click selects. Predict-then-reveal hides a query row so
// (app/views/predict.go).
func HiddenOption(hm Heatmap) string {
	s, err := splitOption(hm, hm.MaskedCell, "?")
	if err != nil {
		app.Log("attnviz:", err)
		return ""
	}
	return s
}
