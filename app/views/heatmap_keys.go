package views

import (
	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// HeatmapKeys is the CellWalk (cell_walk.go) of the large heatmap of the
// result's head shown: #heatmap-keys, its live region #heatmap-live and its
// table #weights-table; Enter opens the cell's worked weight (the cell
// panel), unless NoOpen.
type HeatmapKeys struct {
	app.Compo

	Props Props
	Chart *chart.Chart // the heatmap
	Name  string       // what the chart shows, for its accessible name

	// NoOpen: Enter opens nothing (a view without the cell panel).
	NoOpen bool
}

// Render returns the heatmap's CellWalk.
func (c *HeatmapKeys) Render() app.UI {
	p := c.Props
	w := &CellWalk{ID: "heatmap", TableID: "weights-table", Name: c.Name, Lang: p.State.Lang, Chart: c.Chart}
	if r := p.Result; r != nil {
		w.Heatmap = weightsMap(p.State.Lang, c.Name, compute.HeadWeights(r, p.Head), r.Tokens, r.Tokens)
		w.Start, w.Masked, w.Extra = p.State.Cell, r.Options.Masked, headName(p.State.Lang, p.Head)
	}
	if !c.NoOpen {
		w.Open = c.open
	}
	return w
}

// open selects cell (i, j): the cell panel works it out.
func (c *HeatmapKeys) open(ctx app.Context, e app.Event, i, j int) {
	c.Props.Set(ctx, e, func(s *state.State) { s.Cell = state.CellRef{I: i, J: j, On: true} })
}

// moveCell returns the cell that key moves (i, j) to in a rows × cols heatmap,
// and whether key is a key that moves: the arrows by one cell, Home and End
// to the row's first and last key, with ctrl to the first and last cell,
// PageUp and PageDown to the column's first and last query. It stops at the
// edges.
func moveCell(i, j, rows, cols int, key string, ctrl bool) (int, int, bool) {
	switch key {
	case "ArrowLeft":
		j--
	case "ArrowRight":
		j++
	case "ArrowUp":
		i--
	case "ArrowDown":
		i++
	case "Home":
		j = 0
		if ctrl {
			i = 0
		}
	case "End":
		j = cols - 1
		if ctrl {
			i = rows - 1
		}
	case "PageUp":
		i = 0
	case "PageDown":
		i = rows - 1
	default:
		return i, j, false
	}
	return min(max(i, 0), rows-1), min(max(j, 0), cols-1), true
}
