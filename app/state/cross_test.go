package state

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

func TestCrossSpec(t *testing.T) {
	s := DefaultState(i18n.LangEN)
	s.Text, s.Text2, s.Cross, s.View = "le chat", "the black cat", true, CompareViewID
	if sp := s.Spec(); sp.TextKV == nil || *sp.TextKV != "the black cat" || *sp.Text != "le chat" {
		t.Fatalf("cross spec: %+v", sp)
	}
	for name, c := range map[string]func(*State){
		"off":           func(s *State) { s.Cross = false },
		"another view":  func(s *State) { s.View = "attention" },
		"matrices view": func(s *State) { s.View = MatricesViewID },
	} {
		o := s
		c(&o)
		if sp := o.Spec(); sp.TextKV != nil || o.KVText() != "" {
			t.Errorf("%s: text_kv %q", name, *sp.TextKV)
		}
	}
	got, err := DecodeState("view=compare&cross=1&text=a+b&text2=c+d+e", DefaultState(i18n.LangEN))
	if err != nil || !got.CrossOn() || got.KVText() != "c d e" {
		t.Errorf("cross=1 link: %+v, %v", got, err)
	}
}
