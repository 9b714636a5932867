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

package handler

// Sweat Credits' patch 9 (local-store/patches/9-*.patch): the statements of one update command share
// one transaction (a savepoint each) and commit once; each sees what the ones before it wrote, and a
// failed one is rolled back alone.

import (
	"database/sql"
	"net/url"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

// walFrames returns how many frames the WAL of the test's database holds. With reset, it first
// empties the WAL (a checkpoint that truncates it).
func walFrames(t *testing.T, s *testStore, reset bool) int {
	t.Helper()

	u, err := url.Parse(s.uri)
	require.NoError(t, err)

	db, err := sql.Open("sqlite", "file:"+filepath.Join(u.Opaque, s.db+".sqlite"))
	require.NoError(t, err)

	defer db.Close()

	mode := "PASSIVE"
	if reset {
		mode = "TRUNCATE"
	}

	var busy, frames, checkpointed int
	require.NoError(t, db.QueryRow("PRAGMA wal_checkpoint("+mode+")").Scan(&busy, &frames, &checkpointed))
	require.Zero(t, busy, "checkpoint blocked")

	return frames
}

func TestUpdateCommandCommitsOnce(t *testing.T) {
	t.Parallel()

	const n = 50

	s := newTestStore(t)

	docs := make([]*types.Document, n)
	statements := make([]any, n)

	for i := range statements {
		docs[i] = doc("_id", int32(i), "seq", int32(0))
		statements[i] = statement(doc("_id", int32(i)), doc("$inc", doc("seq", int32(1))), false)
	}

	s.insert(t, docs...)

	require.Zero(t, walFrames(t, s, true))

	reply, err := s.update(testutil.Ctx(t), statements...)
	require.NoError(t, err)
	assert.Equal(t, int32(n), must.NotFail(reply.Get("nModified")))

	// Committed once, the table's pages are in the WAL once; a commit per statement writes them n times.
	assert.Less(t, walFrames(t, s, false), n)
}

func TestUpdateCommandStatements(t *testing.T) {
	t.Parallel()

	for name, tc := range map[string]struct {
		statements []any
		failed     bool  // whether the command answers an error
		expected   int32 // the document's n after the command
	}{
		"LaterSeeEarlierWrites": {
			statements: []any{
				statement(doc("_id", "new"), doc("$set", doc("n", int32(1))), true),
				statement(doc("_id", "new", "n", int32(1)), doc("$inc", doc("n", int32(1))), false),
			},
			expected: 2,
		},
		"FailedOneRolledBackAlone": {
			statements: []any{
				statement(doc("_id", "new"), doc("$set", doc("n", int32(1), "s", "text")), true),
				// $inc of a string fails once the document is read: the statement is rolled back.
				statement(doc("_id", "new"), doc("$inc", doc("n", int32(1), "s", int32(1))), false),
			},
			failed:   true,
			expected: 1,
		},
	} {
		name, tc := name, tc
		t.Run(name, func(t *testing.T) {
			t.Parallel()

			s := newTestStore(t)
			s.insert(t, doc("_id", "other"))

			_, err := s.update(testutil.Ctx(t), tc.statements...)
			if tc.failed {
				require.Error(t, err)
			} else {
				require.NoError(t, err)
			}

			got := s.get(t, "new")
			require.NotNil(t, got, "the first statement's upsert is kept")
			assert.Equal(t, tc.expected, must.NotFail(got.Get("n")))
		})
	}
}
