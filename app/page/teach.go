package page

import (
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
)

// knownOf is known, for the views; set by init, since known reads the
// registry, which refers to it.
var knownOf views.Known

func init() { knownOf = known }

// teachFile returns the teacher's tour of s as its file holds it (the hook
// window.attnviz.teach()), or nil if it cannot be read.
func teachFile(s state.State) any {
	t, err := state.DecodeTeach(s.Teach)
	if err != nil {
		return nil
	}
	return string(t.JSON())
}
