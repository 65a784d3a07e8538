package state

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/attention/model"
)

func TestLearnDefaults(t *testing.T) {
	s := DefaultState(i18n.LangEN)
	first := model.Tasks()[0]
	if s.Task != first.Name || s.LR != first.LR || s.TaskUntil() != first.Steps {
		t.Errorf("default: task %q, lr %v, until %d; want %q, %v, %d", s.Task, s.LR, s.TaskUntil(), first.Name, first.LR, first.Steps)
	}
	s.Task, s.LR, s.Layer = "reverse", 0, 5
	s.Normalize()
	reverse, _ := model.Lookup("reverse")
	if s.LR != reverse.LR || s.Layer != 0 {
		t.Errorf("normalized: lr %v, layer %d; want reverse's %v, 0", s.LR, s.Layer, reverse.LR)
	}
}

func TestLearnLink(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	s, err := DecodeState("view=learn&task=reverse&seed=7&lr=0.003&steps=120&until=300&probe=h+g+f&layer=0", def)
	if err != nil {
		t.Fatal(err)
	}
	if s.Task != "reverse" || s.Seed != 7 || s.LR != 0.003 || s.Steps != 120 || s.Until != 300 || s.Probe != "h g f" {
		t.Errorf("decoded %+v", s)
	}
	back, err := DecodeState(s.Encode(), def)
	if err != nil || back != s {
		t.Errorf("round trip: %+v, %v", back, err)
	}
	if !strings.Contains(s.Encode(), "&lr=0.003&steps=120&until=300&") {
		t.Errorf("Encode() = %s", s.Encode())
	}
	for _, bad := range []string{"lr=-1", "lr=11", "lr=NaN", "lr=x", "steps=-1", "until=1e9", "task=Re-verse", "layer=9"} {
		if _, err := DecodeState(bad, def); err == nil {
			t.Errorf("DecodeState(%q): no error", bad)
		}
	}
}

// TestBlankProbe checks the probe of an emptied probe box: not the task's
// sample, shown as an empty box, and kept by a link.
func TestBlankProbe(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	s := def
	s.View, s.Task, s.Probe = LearnViewID, "reverse", TypedProbe("")
	s.Normalize()
	if strings.TrimSpace(s.ProbeText()) != "" || s.ProbeBox() != "" {
		t.Errorf("an emptied box: probe %q, the box shows %q; want a blank probe, an empty box", s.ProbeText(), s.ProbeBox())
	}
	back, err := DecodeState(s.Encode(), def)
	if err != nil || back.Probe != BlankProbe {
		t.Errorf("an emptied box's link %s reopens the probe %q, %v", s.Encode(), back.Probe, err)
	}
	if s.Probe = TypedProbe("c b a"); s.ProbeBox() != "c b a" {
		t.Errorf("a typed probe shows %q", s.ProbeBox())
	}
}

// TestDecodePace checks that a link's pace is one of model.Paces: a rate
// among them is read, another is dropped with a problem that names the
// pace used instead.
func TestDecodePace(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	s, probs, err := DecodeLink("view=learn&pace=10", def)
	if err != nil || len(probs) != 0 || s.Pace != 10 || !strings.Contains(s.Encode(), "&pace=10&") {
		t.Errorf("pace=10: pace %d, problems %+v, %v", s.Pace, probs, err)
	}
	for _, v := range []string{"7", "-1", "x", "010"} {
		s, probs, _ := DecodeLink("view=learn&pace="+v, def)
		if s.Pace != def.Pace || len(probs) != 1 || probs[0].Key != "pace" || probs[0].Used != "0" {
			t.Errorf("pace=%s: pace %d, problems %+v; want the default and one problem", v, s.Pace, probs)
		}
	}
}
