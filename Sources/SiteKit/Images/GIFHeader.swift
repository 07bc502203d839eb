/// Reads a GIF's logical screen size, right after the six-byte signature.
enum GIFHeader {
    static func dimensions(of reader: ByteReader) throws(ImageError) -> (width: Int, height: Int) {
        guard let width = reader.littleEndian16(6), let height = reader.littleEndian16(8) else {
            throw .truncated(.gif)
        }
        return (width, height)
    }
}
