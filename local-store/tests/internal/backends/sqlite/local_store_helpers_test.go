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

// Helpers of Sweat Credits' tests of its patches (local-store/tests), in this package.

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/must"
	"github.com/FerretDB/FerretDB/internal/util/state"
	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

// newTestCollection returns a collection of a new backend, with the given indexes (besides _id's)
// and documents.
func newTestCollection(t *testing.T, indexes []backends.IndexInfo, docs ...*types.Document) backends.Collection {
	t.Helper()

	ctx := testutil.Ctx(t)

	sp, err := state.NewProvider("")
	require.NoError(t, err)

	b, err := NewBackend(&NewBackendParams{URI: testutil.TestSQLiteURI(t, ""), L: testutil.Logger(t), P: sp, BatchSize: 100})
	require.NoError(t, err)
	t.Cleanup(b.Close)

	db, err := b.Database(testutil.DatabaseName(t))
	require.NoError(t, err)

	cName := testutil.CollectionName(t)
	require.NoError(t, db.CreateCollection(ctx, &backends.CreateCollectionParams{Name: cName}))

	c, err := db.Collection(cName)
	require.NoError(t, err)

	if len(indexes) > 0 {
		_, err = c.CreateIndexes(ctx, &backends.CreateIndexesParams{Indexes: indexes})
		require.NoError(t, err)
	}

	if len(docs) > 0 {
		_, err = c.InsertAll(ctx, &backends.InsertAllParams{Docs: docs})
		require.NoError(t, err)
	}

	return c
}

// queryPlan returns SQLite's plan of a query, its lines joined.
func queryPlan(t *testing.T, c backends.Collection, params *backends.ExplainParams) string {
	t.Helper()

	res, err := c.Explain(testutil.Ctx(t), params)
	require.NoError(t, err)

	plan, err := res.QueryPlanner.Get("Plan")
	require.NoError(t, err)

	var lines []string

	iter := plan.(*types.Array).Iterator()
	defer iter.Close()

	for {
		_, line, err := iter.Next()
		if err == iterator.ErrIteratorDone {
			break
		}

		require.NoError(t, err)

		lines = append(lines, line.(string))
	}

	return strings.Join(lines, "\n")
}

// queryIDs returns the _id of each document a query returns, in its order.
func queryIDs(t *testing.T, c backends.Collection, params *backends.QueryParams) []any {
	t.Helper()

	res, err := c.Query(testutil.Ctx(t), params)
	require.NoError(t, err)

	docs, err := iterator.ConsumeValues(res.Iter)
	require.NoError(t, err)

	ids := make([]any, len(docs))
	for i, doc := range docs {
		ids[i] = must.NotFail(doc.Get("_id"))
	}

	return ids
}

// doc is a shorter types.NewDocument for tests.
func doc(pairs ...any) *types.Document {
	return must.NotFail(types.NewDocument(pairs...))
}
