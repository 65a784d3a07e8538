package state

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/attention/text"
)

// CellRef names one attention weight: query I, key J, both 0-based. The zero
// CellRef names none. In a link it is "I,J" (cell=3,1), or empty.
type CellRef struct {
	I, J int
	On   bool
}

// String returns c as a link writes it: "I,J", or "" for none.
func (c CellRef) String() string {
	if !c.On {
		return ""
	}
	return strconv.Itoa(c.I) + "," + strconv.Itoa(c.J)
}

// In reports whether c names a weight of an n × n matrix.
func (c CellRef) In(n int) bool {
	return c.On && c.I >= 0 && c.I < n && c.J >= 0 && c.J < n
}

// pair returns c as window.attnviz.state() gives it: [I, J], or nil.
func (c CellRef) pair() *[2]int {
	if !c.On {
		return nil
	}
	return &[2]int{c.I, c.J}
}

// decodeCell reads the cell of a link: "" or "I,J" with 0 ≤ I, J < the most
// tokens. Whether the sentence has that many tokens is the views' concern.
func decodeCell(s *State, v string) error {
	if v == "" {
		s.Cell = CellRef{}
		return nil
	}
	a, b, ok := strings.Cut(v, ",")
	if !ok {
		return fmt.Errorf("%q, expected query,key", v)
	}
	var c CellRef
	if err := decodeInt(a, 0, text.MaxTokens-1, &c.I); err != nil {
		return err
	}
	if err := decodeInt(b, 0, text.MaxTokens-1, &c.J); err != nil {
		return err
	}
	c.On = true
	s.Cell = c
	return nil
}

// decodeStep reads the pipeline step of a link: "" or a step's id (which
// steps exist the page checks).
func decodeStep(s *State, v string) error {
	if v != "" && !isID(v) {
		return errors.New("no such pipeline step")
	}
	s.Step = v
	return nil
}
