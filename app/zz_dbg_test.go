package app

import (
	"fmt"
	"regexp"
	"testing"
)

func TestZZDbg(t *testing.T) {
	s := DefaultState(LangEN)
	r := pipelineResult(t, s)
	html := render(t, &PipelineView{Props: Props{State: s, Result: r, Rev: 1, Set: noSet}})
	for _, m := range regexp.MustCompile(`<span[^>]*pipe-shape[^>]*>[^<]*`).FindAllString(html, -1) {
		fmt.Println(m)
	}
	s.Cell = CellRef{1, 1, true}
	html = render(t, &CellPanel{Props: Props{State: s, Result: r, Set: noSet}})
	for _, m := range regexp.MustCompile(`<span[^>]*score[^>]*>[^<]*`).FindAllString(html, -1) {
		fmt.Println(m)
	}
}
