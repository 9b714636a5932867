// Copyright 2021 FerretDB Inc.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

package sqlite

// Sweat Credits' patch 6 (local-store/patches/6-*.patch): a sort an index answers is read from it.
// Typed indexes hold numbers as SQL numbers; a sort on fields that follow, in an index's order, the
// fields the filter binds to one value, each holding only numbers or only dates, is pushed down.

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

func TestSortPushdown(t *testing.T) {
	t.Parallel()

	indexes := []backends.IndexInfo{
		{Name: "userId_1_seq_1", Key: []backends.IndexKeyPair{{Field: "userId"}, {Field: "seq"}}},
		{Name: "userId_1_at_-1", Key: []backends.IndexKeyPair{{Field: "userId"}, {Field: "at", Descending: true}}},
		{Name: "userId_1_name_1", Key: []backends.IndexKeyPair{{Field: "userId"}, {Field: "name"}}},
	}

	// Numbers of three BSON types, 9 and 10 apart ("10" sorts before "9" as text), dates a second apart.
	seqs := []any{int32(9), int64(10), float64(2.5), int32(-1), int64(100)}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

	var docs []*types.Document
	for i, seq := range seqs {
		docs = append(docs, doc(
			"_id", int32(i), "userId", "a", "seq", seq, "at", start.Add(time.Duration(i)*time.Second), "name", string(rune('e'-i)),
		))
	}
	docs = append(docs, doc("_id", int32(100), "userId", "b", "seq", int32(0), "at", start, "name", "z"))

	c := newTestCollection(t, indexes, docs...)

	filterA := doc("userId", "a")
	sortBy := func(pairs ...any) *types.Document { return doc(pairs...) }

	for name, tc := range map[string]struct {
		filter   *types.Document
		sort     *types.Document
		expected []any // the _ids in the order SQLite returns them, when it sorts
	}{
		"NumbersAscending":  {filter: filterA, sort: sortBy("seq", int64(1)), expected: []any{int32(3), int32(2), int32(0), int32(1), int32(4)}},
		"NumbersDescending": {filter: filterA, sort: sortBy("seq", int64(-1)), expected: []any{int32(4), int32(1), int32(0), int32(2), int32(3)}},
		"DatesAgainstIndex": {filter: filterA, sort: sortBy("at", int64(1)), expected: []any{int32(0), int32(1), int32(2), int32(3), int32(4)}},
		"Strings":           {filter: filterA, sort: sortBy("name", int64(1))},
		"ID":                {filter: filterA, sort: sortBy("_id", int64(1))},
		"NotAfterBound":     {filter: doc(), sort: sortBy("seq", int64(1))},
		"MixedDirections":   {filter: filterA, sort: sortBy("seq", int64(1), "at", int64(1))},
	} {
		name, tc := name, tc
		t.Run(name, func(t *testing.T) {
			t.Parallel()

			res, err := c.Query(testutil.Ctx(t), &backends.QueryParams{Filter: tc.filter, IndexSort: tc.sort})
			require.NoError(t, err)
			res.Iter.Close()

			plan := queryPlan(t, c, &backends.ExplainParams{Filter: tc.filter, IndexSort: tc.sort})

			if tc.expected == nil {
				assert.False(t, res.Sorted, "sorted by SQLite")
				return
			}

			assert.True(t, res.Sorted, "not sorted by SQLite")
			assert.Contains(t, plan, "USING INDEX")
			assert.NotContains(t, plan, "TEMP B-TREE")
			assert.Equal(t, tc.expected, queryIDs(t, c, &backends.QueryParams{Filter: tc.filter, IndexSort: tc.sort}))
		})
	}
}

// A field that comes to hold a string among its numbers is no longer sorted by SQLite.
func TestSortPushdownStopsAtOtherTypes(t *testing.T) {
	t.Parallel()

	indexes := []backends.IndexInfo{{Name: "userId_1_seq_1", Key: []backends.IndexKeyPair{{Field: "userId"}, {Field: "seq"}}}}
	c := newTestCollection(t, indexes, doc("_id", int32(1), "userId", "a", "seq", int32(1)))

	params := &backends.QueryParams{
		Filter:    doc("userId", "a"),
		IndexSort: doc("seq", int64(-1)),
	}

	res, err := c.Query(testutil.Ctx(t), params)
	require.NoError(t, err)
	res.Iter.Close()
	assert.True(t, res.Sorted)

	_, err = c.InsertAll(testutil.Ctx(t), &backends.InsertAllParams{
		Docs: []*types.Document{doc("_id", int32(2), "userId", "a", "seq", "2")},
	})
	require.NoError(t, err)

	res, err = c.Query(testutil.Ctx(t), params)
	require.NoError(t, err)
	res.Iter.Close()
	assert.False(t, res.Sorted)
}
