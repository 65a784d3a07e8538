package state

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

func TestTrainedOn(t *testing.T) {
	s := DefaultState(i18n.LangEN)
	s.Trained = true
	for view, want := range map[string]bool{"attention": true, "pipeline": true, "compare": true, "learn": false, "matrices": false, "tour": false, "scaling": false} {
		s.View = view
		if got := s.TrainedOn(); got != want {
			t.Errorf("view %s: TrainedOn() = %v, want %v", view, got, want)
		}
	}
	s.View, s.Cross = CompareViewID, true
	if s.CrossOn() {
		t.Error("cross=1 with the trained model: CrossOn() = true, want the trained layer's comparison")
	}
	s.Trained = false
	if !s.TrainedOn() && !s.CrossOn() {
		t.Error("cross=1 without the trained model: CrossOn() = false")
	}
}

func TestTrainedLink(t *testing.T) {
	s := DefaultState(i18n.LangEN)
	s.Trained, s.View, s.Task, s.Steps, s.Layer, s.Probe = true, "pipeline", "reverse", 150, 0, "h a c e g b d f"
	got, err := DecodeState(s.Encode(), DefaultState(i18n.LangEN))
	if err != nil {
		t.Fatal(err)
	}
	if !got.Trained || got.Task != "reverse" || got.Steps != 150 || got.Probe != s.Probe || got.View != "pipeline" {
		t.Errorf("the link reopens %+v", got)
	}
	if _, err := DecodeState("trained=2", DefaultState(i18n.LangEN)); err == nil {
		t.Error("trained=2 accepted")
	}
}
