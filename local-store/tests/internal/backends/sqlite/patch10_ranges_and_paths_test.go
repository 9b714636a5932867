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

// Sweat Credits' patch 10 (local-store/patches/10-*.patch): ranges on numbers and dates, and dotted
// paths into embedded documents, are answered from a typed index as top-level equalities and sorts are.

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

func TestRangePushdown(t *testing.T) {
	t.Parallel()

	indexes := []backends.IndexInfo{
		{Name: "userId_1_at_-1", Key: []backends.IndexKeyPair{{Field: "userId"}, {Field: "at", Descending: true}}},
		{Name: "userId_1_seq_1", Key: []backends.IndexKeyPair{{Field: "userId"}, {Field: "seq"}}},
		{Name: "userId_1_mixed_1", Key: []backends.IndexKeyPair{{Field: "userId"}, {Field: "mixed"}}},
	}

	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	seqs := []any{int32(9), int64(10), float64(2.5), int32(-1), int64(100)}

	var docs []*types.Document
	for i, seq := range seqs {
		mixed := any(int32(i))
		if i == 2 {
			mixed = "2"
		}

		docs = append(docs, doc("_id", int32(i), "userId", "a", "at", start.Add(time.Duration(i)*time.Hour), "seq", seq, "mixed", mixed))
	}
	// Another user's, in every range; and one of a's without the ranged fields.
	docs = append(docs, doc("_id", int32(100), "userId", "b", "at", start.Add(time.Hour), "seq", int32(10), "mixed", int32(1)))
	docs = append(docs, doc("_id", int32(101), "userId", "a"))

	c := newTestCollection(t, indexes, docs...)

	for name, tc := range map[string]struct {
		filter   *types.Document
		sort     *types.Document
		expected []any // the _ids SQLite returns, in order when sorted
		sorted   bool
	}{
		"DatesHalfOpen": {
			filter:   doc("userId", "a", "at", doc("$gte", start.Add(time.Hour), "$lt", start.Add(4*time.Hour))),
			sort:     doc("at", int64(-1)),
			expected: []any{int32(3), int32(2), int32(1)},
			sorted:   true,
		},
		"NumbersAcrossTypes": {
			filter:   doc("userId", "a", "seq", doc("$gt", int32(2), "$lte", float64(10))),
			sort:     doc("seq", int64(1)),
			expected: []any{int32(2), int32(0), int32(1)},
			sorted:   true,
		},
		"OneBound": {
			filter:   doc("userId", "a", "seq", doc("$lt", int64(0))),
			expected: []any{int32(3)},
		},
		// A field holding a string somewhere: its range is the handler's, so SQLite returns all of a's.
		"FieldOfMixedTypes": {
			filter:   doc("userId", "a", "mixed", doc("$gte", int32(1))),
			expected: []any{int32(0), int32(1), int32(2), int32(3), int32(4), int32(101)},
		},
		// A date bound on a field of numbers compares nothing MongoDB would: not pushed down.
		"BoundOfAnotherKind": {
			filter:   doc("userId", "a", "seq", doc("$gte", start)),
			expected: []any{int32(0), int32(1), int32(2), int32(3), int32(4), int32(101)},
		},
	} {
		name, tc := name, tc
		t.Run(name, func(t *testing.T) {
			t.Parallel()

			params := &backends.QueryParams{Filter: tc.filter, IndexSort: tc.sort}
			ids := queryIDs(t, c, params)

			res, err := c.Query(testutil.Ctx(t), params)
			require.NoError(t, err)
			res.Iter.Close()
			assert.Equal(t, tc.sorted, res.Sorted)

			if tc.sorted {
				assert.Equal(t, tc.expected, ids)
				plan := queryPlan(t, c, &backends.ExplainParams{Filter: tc.filter, IndexSort: tc.sort})
				assert.Contains(t, plan, "USING INDEX")
				assert.NotContains(t, plan, "TEMP B-TREE")
			} else {
				assert.ElementsMatch(t, tc.expected, ids)
			}
		})
	}
}

func TestDottedPathPushdown(t *testing.T) {
	t.Parallel()

	indexes := []backends.IndexInfo{
		{Name: "userId_1_rank.load_-1", Key: []backends.IndexKeyPair{{Field: "userId"}, {Field: "rank.load", Descending: true}}},
		{Name: "userId_1_rank.key_1_rank.reps_-1", Key: []backends.IndexKeyPair{
			{Field: "userId"}, {Field: "rank.key"}, {Field: "rank.reps", Descending: true},
		}},
	}

	c := newTestCollection(t, indexes,
		doc("_id", int32(1), "userId", "a", "rank", doc("load", float64(80), "key", "80", "reps", int32(8))),
		doc("_id", int32(2), "userId", "a", "rank", doc("load", int32(100), "key", "100", "reps", int32(3))),
		doc("_id", int32(3), "userId", "a", "rank", doc("load", float64(80), "key", "80", "reps", int32(10))),
		doc("_id", int32(4), "userId", "a"), // a warm-up: nothing to rank
		doc("_id", int32(5), "userId", "b", "rank", doc("load", int32(300), "key", "300", "reps", int32(1))),
	)

	heaviest := &backends.QueryParams{Filter: doc("userId", "a"), IndexSort: doc("rank.load", int64(-1))}
	mostRepsAt80 := &backends.QueryParams{Filter: doc("userId", "a", "rank.key", "80"), IndexSort: doc("rank.reps", int64(-1))}
	heavierThan90 := &backends.QueryParams{Filter: doc("userId", "a", "rank.load", doc("$gt", int32(90)))}

	for _, params := range []*backends.QueryParams{heaviest, mostRepsAt80} {
		res, err := c.Query(testutil.Ctx(t), params)
		require.NoError(t, err)
		res.Iter.Close()
		assert.True(t, res.Sorted, "not sorted by SQLite: %v", params.IndexSort)

		plan := queryPlan(t, c, &backends.ExplainParams{Filter: params.Filter, IndexSort: params.IndexSort})
		assert.Contains(t, plan, "USING INDEX")
		assert.NotContains(t, plan, "TEMP B-TREE")
	}

	// Missing sorts lowest, so last when descending, as on MongoDB.
	ids := queryIDs(t, c, heaviest)
	require.Len(t, ids, 4)
	assert.Equal(t, int32(2), ids[0])
	assert.ElementsMatch(t, []any{int32(1), int32(3)}, ids[1:3])
	assert.Equal(t, int32(4), ids[3])
	assert.Equal(t, []any{int32(3), int32(1)}, queryIDs(t, c, mostRepsAt80))
	assert.Equal(t, []any{int32(2)}, queryIDs(t, c, heavierThan90))

	// Once a document holds an array on the path, MongoDB matches through its elements: the handler's again.
	_, err := c.InsertAll(testutil.Ctx(t), &backends.InsertAllParams{
		Docs: []*types.Document{doc("_id", int32(6), "userId", "a", "rank", must.NotFail(types.NewArray(doc("load", int32(500)))))},
	})
	require.NoError(t, err)

	res, err := c.Query(testutil.Ctx(t), heaviest)
	require.NoError(t, err)
	res.Iter.Close()
	assert.False(t, res.Sorted)
	assert.Len(t, queryIDs(t, c, heavierThan90), 5, "the range is no longer pushed down")
}
