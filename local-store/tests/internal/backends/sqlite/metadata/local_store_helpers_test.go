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

package metadata

// Helpers of Sweat Credits' tests of its patches (local-store/tests), in this package.

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/util/state"
	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

// openTestRegistry opens a registry on the SQLite directory uri (testutil.TestSQLiteURI), as
// FerretDB does at its start; the caller closes it.
func openTestRegistry(t *testing.T, uri string) *Registry {
	t.Helper()

	sp, err := state.NewProvider("")
	require.NoError(t, err)

	r, err := NewRegistry(uri, 100, testutil.Logger(t), sp)
	require.NoError(t, err)

	return r
}
