package export

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/attnviz/attnviz/attention"
)

// WriteCSV writes the CSV of cmd/attn -format csv: a header, then one
// head,query,query_token,key,key_token,weight row per weight of each head and,
// with more than one head, of their mean. head is the head's index or "mean";
// query and key are token indices; the weight is written in the shortest form
// that reads back as the same float64. Tokens are written verbatim, quoted as
// RFC 4180 says; lines end in \n.
func WriteCSV(w io.Writer, res *attention.Result) error {
	names, weights, err := heatmaps(res)
	if err != nil {
		return err
	}
	keys := keyTokens(res)
	cw := csv.NewWriter(w)
	cw.Write([]string{"head", "query", "query_token", "key", "key_token", "weight"})
	for h, m := range weights {
		for i, row := range m {
			for j, v := range row {
				cw.Write([]string{
					names[h],
					strconv.Itoa(i), res.Tokens[i],
					strconv.Itoa(j), keys[j],
					strconv.FormatFloat(v, 'g', -1, 64),
				})
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
