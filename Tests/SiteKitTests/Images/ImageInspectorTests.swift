import Foundation
import Testing

@testable import SiteKit

struct ImageInspectorTests {
    @Test(arguments: GoodImage.all)
    func validImageYieldsFormatAndSizeFromItsHeader(_ image: GoodImage) throws {
        let info = try ImageInspector.inspect(Fixture.data(image.path))
        #expect(info == ImageInfo(format: image.format, width: image.width, height: image.height))
    }

    @Test(arguments: BadImage.all)
    func brokenInputYieldsKindAndReadableReason(_ image: BadImage) throws {
        let data = try Fixture.data(image.path)
        #expect(throws: ImageError(image.kind, image.reason)) {
            try ImageInspector.inspect(data)
        }
    }

    @Test func everyFixtureFolderFileIsListedInATable() throws {
        func files(_ folder: String) throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: Fixture.url("Images/\(folder)").path))
        }
        #expect(try files("good") == Set(GoodImage.all.map(\.file)))
        #expect(try files("bad") == Set(BadImage.all.map(\.file)))
    }

    @Test func fileOverTheByteLimitIsRejectedBeforeItsHeaderIsRead() throws {
        let data = try Fixture.data("Images/good/jpeg-baseline-72x40.jpg")
        let limits = ImageLimits(maxBytes: 512)
        #expect(throws: ImageError(.tooLarge, "is 790 B, over the 512 B limit")) {
            try ImageInspector.inspect(data, limits: limits)
        }
        #expect(try ImageInspector.inspect(data, limits: ImageLimits(maxBytes: data.count)).width == 72)
    }

    @Test func byteLimitMessageUsesMegabytes() {
        let error = ImageError.tooLarge(bytes: 12_897_485, limit: 10 * 1024 * 1024)
        #expect(error.reason == "is 12.3 MB, over the 10 MB limit")
        let justOver = ImageError.tooLarge(bytes: 10 * 1024 * 1024 + 1, limit: 10 * 1024 * 1024)
        #expect(justOver.reason == "is 10485761 bytes, over the 10485760-byte limit")
    }

    @Test func imageOverThePixelLimitIsRejected() throws {
        let data = try Fixture.data("Images/good/webp-lossy-33x21.webp")
        #expect(throws: ImageError(.tooManyPixels, "is 33×21 px (693 pixels), over the 500 pixel limit")) {
            try ImageInspector.inspect(data, limits: ImageLimits(maxPixels: 500))
        }
        #expect(try ImageInspector.inspect(data, limits: ImageLimits(maxPixels: 693)).height == 21)
        let huge = ImageError.tooManyPixels(width: 9000, height: 9000, pixels: 81_000_000, limit: 40_000_000)
        #expect(huge.reason == "is 9000×9000 px (81 megapixels), over the 40 megapixel limit")
    }

    @Test func nonImageIsNamedEvenWhenOverTheByteLimit() throws {
        let data = try Fixture.data("Images/bad/html-page.html")
        #expect(throws: ImageError(.notAnImage, "is an HTML page, not an image")) {
            try ImageInspector.inspect(data, limits: ImageLimits(maxBytes: 10))
        }
    }

    @Test func dataSliceWithNonZeroStartIndexIsRead() throws {
        let png = try Fixture.data("Images/good/png-48x48.png")
        let padded = Data([1, 2, 3, 4, 5]) + png
        let slice = padded[5...]
        #expect(slice.startIndex == 5)
        #expect(try ImageInspector.inspect(slice) == ImageInfo(format: .png, width: 48, height: 48))
    }

    @Test func formatsNameTheirExtensionAndMediaType() {
        #expect(ImageFormat.allCases.map(\.fileExtension) == ["jpg", "png", "gif", "webp"])
        #expect(ImageFormat.allCases.map(\.mimeType) == ["image/jpeg", "image/png", "image/gif", "image/webp"])
    }

    @Test func errorReadsAsASentenceForLocalizedDescription() {
        #expect(ImageError.empty.localizedDescription == "The image is empty.")
        #expect("\(ImageError.empty)" == "is empty")
    }
}
