package state

import "slices"

// The Learn view's trained model as the input of the other views: with
// Input.Trained, the views of TrainedViews compute the main attention from
// layer Layer of the model that Task, Seed, LR and Steps train, on the
// probe sequence (ProbeText), instead of from the sentence and the
// settings. The link carries only those settings: reopening it retrains
// the same weights (app/compute, trained.go).

// TrainedViews are the views that can show the trained model's layer.
var TrainedViews = []string{"attention", "pipeline", CompareViewID}

// TrainedOn reports whether the view shown computes from the trained model.
func (s State) TrainedOn() bool {
	return s.Trained && slices.Contains(TrainedViews, s.View)
}
