package state

// CompareViewID is the id of the compare view, whose cross-attention mode
// is Input.Cross.
const CompareViewID = "compare"

// CrossOn reports whether s computes cross-attention: the compare view, or
// the tour (whose cross step shows the compare view), with cross=1, on the
// sentence (not the matrices view's input). Its queries come from Text (the
// "decoder" side), its keys and values from Text2 (the "encoder" side):
// Spec gives Text2 as the spec's text_kv.
func (s State) CrossOn() bool {
	return s.Cross && (s.View == CompareViewID || s.View == TourViewID) && !s.OwnInput() && !s.TrainedOn()
}

// KVText returns the key/value side's sentence when CrossOn, else "".
func (s State) KVText() string {
	if s.CrossOn() {
		return s.Text2
	}
	return ""
}
