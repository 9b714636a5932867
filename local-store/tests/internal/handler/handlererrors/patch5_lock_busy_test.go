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

package handlererrors

// Sweat Credits' patch 5 (local-store/patches/5-*.patch): SQLite's write lock staying busy past its
// busy_timeout answers MongoDB's LockBusy (46), not InternalError (1).

import (
	"database/sql"
	"fmt"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// busyError returns the error of a write to a SQLite database whose write lock another connection holds.
func busyError(t *testing.T) error {
	t.Helper()

	uri := "file:" + filepath.Join(t.TempDir(), "busy.sqlite") + "?_pragma=busy_timeout(10)&_pragma=journal_mode(wal)"

	holder, err := sql.Open("sqlite", uri)
	require.NoError(t, err)
	t.Cleanup(func() { _ = holder.Close() })

	_, err = holder.Exec("CREATE TABLE t (v INTEGER)")
	require.NoError(t, err)

	tx, err := holder.Begin()
	require.NoError(t, err)
	t.Cleanup(func() { _ = tx.Rollback() })

	_, err = tx.Exec("INSERT INTO t VALUES (1)")
	require.NoError(t, err)

	writer, err := sql.Open("sqlite", uri)
	require.NoError(t, err)
	t.Cleanup(func() { _ = writer.Close() })

	_, err = writer.Exec("INSERT INTO t VALUES (2)")
	require.Error(t, err)

	return err
}

// missingTableError returns SQLite's error for a query of a table that does not exist.
func missingTableError(t *testing.T) error {
	t.Helper()

	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "missing.sqlite"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })

	_, err = db.Exec("SELECT * FROM missing")
	require.Error(t, err)

	return err
}

func TestProtocolErrorLockBusy(t *testing.T) {
	t.Parallel()

	const lockBusy = ErrorCode(46) // MongoDB's LockBusy

	busy := busyError(t)

	for name, tc := range map[string]struct {
		err      error
		expected ErrorCode
	}{
		"Busy":          {err: busy, expected: lockBusy},
		"WrappedBusy":   {err: lazyerrors.Error(fmt.Errorf("update: %w", busy)), expected: lockBusy},
		"OtherSQLite":   {err: missingTableError(t), expected: errInternalError},
		"NotFromSQLite": {err: io.EOF, expected: errInternalError},
	} {
		name, tc := name, tc
		t.Run(name, func(t *testing.T) {
			t.Parallel()

			var ce *CommandError
			require.ErrorAs(t, ProtocolError(tc.err), &ce)
			assert.Equal(t, tc.expected, ce.Code())
		})
	}
}
