package state

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

// TestStepCellLink checks the link of the pipeline step and the cell.
func TestStepCellLink(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	s := def
	s.View, s.Step, s.Cell = "pipeline", "masked", CellRef{I: 3, J: 1, On: true}
	link := s.Encode()
	if !strings.Contains(link, "step=masked") || !strings.Contains(link, "cell=3%2C1") && !strings.Contains(link, "cell=3,1") {
		t.Errorf("Encode = %q, want step=masked and cell=3,1", link)
	}
	got, err := DecodeState(link, def)
	if err != nil || got != s {
		t.Errorf("DecodeState(%q) = %+v, %v; want %+v", link, got, err, s)
	}
	if got, err := DecodeState("view=pipeline&step=&cell=", def); err != nil || got.Step != "" || got.Cell.On {
		t.Errorf("empty step and cell: %+v, %v", got, err)
	}
	for _, bad := range []string{"step=no-such", "cell=1", "cell=a,b", "cell=-1,2", "cell=1,2,3", "cell=01,2", "cell=99999,1"} {
		if got, err := DecodeState(bad, def); err == nil || got != def {
			t.Errorf("DecodeState(%q) = %+v, %v; want the default and an error", bad, got, err)
		}
	}
	if b, _ := s.MarshalJSON(); !strings.Contains(string(b), `"step":"masked"`) || !strings.Contains(string(b), `"cell":[3,1]`) {
		t.Errorf("state JSON %s lacks step or cell", b)
	}
}
