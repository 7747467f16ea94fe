#!/usr/bin/env bash
# Packages a built lsrows for people without the Swift toolchain:
#   OUT/lsrows-VERSION-linux-ARCH.tar.gz  the files laid out as under PREFIX
#   OUT/lsrows_VERSION_DEBARCH.deb        the same, where Debian puts them
#   OUT/SHA256SUMS                        the checksums of both
# VERSION is what the binary reports. Usage: packaging/dist.sh BINARY OUT
set -euo pipefail

binary=$1
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
version=$("$binary" --version | sed -n 's/^lsrows //p')
[ -n "$version" ] || { echo "dist.sh: $binary reports no version" >&2; exit 1; }
arch=$(uname -m)
deb_arch=$(dpkg --print-architecture)
# One timestamp for every file, from the changelog's date, so that the same
# sources give the same archives.
date=$(sed -n "s/^## $version — //p" "$root/CHANGELOG.md")
[ -n "$date" ] || { echo "dist.sh: CHANGELOG.md has no '## $version — DATE'" >&2; exit 1; }
epoch=$(date -u -d "$date" +%s)

mkdir -p "$out"
out=$(cd "$out" && pwd)
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT

# The binary without symbols: a third of the size, and what Debian wants.
strip --strip-unneeded --remove-section=.comment --remove-section=.note \
  -o "$staging/lsrows" "$binary"

# The tarball: bin/ and share/ as `make install` lays them out under PREFIX.
name="lsrows-$version-linux-$arch"
tree="$staging/$name"
install -D -m 0755 "$staging/lsrows" "$tree/bin/lsrows"
install -D -m 0644 "$root/docs/lsrows.1" "$tree/share/man/man1/lsrows.1"
install -D -m 0644 "$root/completions/lsrows.bash" \
  "$tree/share/bash-completion/completions/lsrows"
install -D -m 0644 "$root/completions/_lsrows" "$tree/share/zsh/site-functions/_lsrows"
install -D -m 0644 "$root/completions/lsrows.fish" \
  "$tree/share/fish/vendor_completions.d/lsrows.fish"
for file in README.md CHANGELOG.md LICENSE; do
  install -D -m 0644 "$root/$file" "$tree/share/doc/lsrows/$file"
done
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" \
  -C "$staging" -cf - "$name" | gzip -9n > "$out/$name.tar.gz"

# The Debian package.
package="$staging/deb"
install -D -m 0755 "$staging/lsrows" "$package/usr/bin/lsrows"
install -d "$package/usr/share/man/man1"
gzip -9n < "$root/docs/lsrows.1" > "$package/usr/share/man/man1/lsrows.1.gz"
install -D -m 0644 "$root/completions/lsrows.bash" \
  "$package/usr/share/bash-completion/completions/lsrows"
install -D -m 0644 "$root/completions/_lsrows" "$package/usr/share/zsh/vendor-completions/_lsrows"
install -D -m 0644 "$root/completions/lsrows.fish" \
  "$package/usr/share/fish/vendor_completions.d/lsrows.fish"
install -D -m 0644 "$root/packaging/copyright" "$package/usr/share/doc/lsrows/copyright"
{
  printf 'lsrows (%s) unstable; urgency=medium\n\n' "$version"
  printf '  * Release %s; what changed is in the upstream CHANGELOG.md.\n\n' "$version"
  printf ' -- lsrows developers <lsrows@example.org>  %s\n' "$(date -u -R -d "@$epoch")"
} | gzip -9n > "$package/usr/share/doc/lsrows/changelog.gz"
gzip -9n < "$root/CHANGELOG.md" > "$package/usr/share/doc/lsrows/changelog.md.gz"
chmod 0644 "$package/usr/share/man/man1/lsrows.1.gz" "$package/usr/share/doc/lsrows/"*.gz

# Depends as dpkg-shlibdeps finds it: the package of each C library the
# binary links, at the least version that has the symbols it uses.
shlibs="$staging/shlibs"
mkdir -p "$shlibs/debian"
printf 'Source: lsrows\n\nPackage: lsrows\nArchitecture: any\n' > "$shlibs/debian/control"
depends=$(cd "$shlibs" && dpkg-shlibdeps -O "$package/usr/bin/lsrows" 2>/dev/null \
  | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "dist.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

install -d "$package/DEBIAN"
(cd "$package" && find usr -type f | LC_ALL=C sort | xargs md5sum) > "$package/DEBIAN/md5sums"
chmod 0644 "$package/DEBIAN/md5sums"
size=$(du -sk --exclude=DEBIAN "$package" | cut -f1)
cat > "$package/DEBIAN/control" <<EOF
Package: lsrows
Version: $version
Architecture: $deb_arch
Maintainer: lsrows developers <lsrows@example.org>
Installed-Size: $size
Depends: $depends
Section: utils
Priority: optional
Description: directory lister for shell pipelines, built on typed rows
 lsrows lists directory entries one row per line, with names written byte
 for byte as the kernel returned them and sorted byte-wise in any locale.
 It takes the options of GNU ls that fit one row per line, and adds typed
 queries (--where), sorting by any field, templates, JSON Lines and CSV.
EOF
find "$package" -exec touch -h -d "@$epoch" {} +
dpkg-deb --root-owner-group -Zxz --build "$package" "$out/lsrows_${version}_$deb_arch.deb" >/dev/null

(cd "$out" && sha256sum "$name.tar.gz" "lsrows_${version}_$deb_arch.deb" > SHA256SUMS)
echo "$out/$name.tar.gz"
echo "$out/lsrows_${version}_$deb_arch.deb"
echo "$out/SHA256SUMS"
