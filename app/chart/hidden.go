package chart

// HiddenOption returns the option of hm with the cells its MaskedCell names
// hidden: grey, with "?" where the numbers show. Predict-then-reveal hides
// a query row so (app/views/predict.go).
func HiddenOption(hm Heatmap) string { return maskCells(hm, "?") }
