import { describe, expect, it } from 'vitest';
import { presign, uriEncode } from './sigv4.js';

// The worked example of AWS's "Authenticating Requests: Using Query Parameters (AWS Signature Version
// 4)": GET examplebucket/test.txt, valid for 24 hours from 2013-05-24T00:00:00Z.
const AWS_EXAMPLE = {
  method: 'GET' as const,
  endpoint: 'https://examplebucket.s3.amazonaws.com',
  path: '/test.txt',
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  expiresInSeconds: 86400,
  now: new Date('2013-05-24T00:00:00Z'),
};

describe('SigV4 presigned URLs', () => {
  it("reproduces AWS's documented example signature", () => {
    const signed = presign(AWS_EXAMPLE);
    expect(signed.stringToSign.split('\n')).toEqual([
      'AWS4-HMAC-SHA256',
      '20130524T000000Z',
      '20130524/us-east-1/s3/aws4_request',
      '3bfa292879f6447bbcda7001decf97f4a54dc650c8942174ae0a9121cf58ad04',
    ]);
    expect(signed.signature).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
    expect(signed.url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('signs extra headers, a port and a path-style key', () => {
    const signed = presign({
      ...AWS_EXAMPLE,
      method: 'PUT',
      endpoint: 'http://minio.local:9000',
      path: '/media/a b/c.png',
      headers: { 'Content-Type': 'image/png' },
    });
    expect(signed.url.startsWith('http://minio.local:9000/media/a%20b/c.png?')).toBe(true);
    expect(signed.canonicalRequest).toContain('content-type:image/png\nhost:minio.local:9000\n');
    expect(signed.url).toContain('X-Amz-SignedHeaders=content-type%3Bhost');
    expect(signed.signature).not.toBe(presign({ ...AWS_EXAMPLE, method: 'PUT' }).signature);
  });

  it('encodes the characters encodeURIComponent leaves alone', () => {
    expect(uriEncode("a!b'c(d)e*f~g")).toBe('a%21b%27c%28d%29e%2Af~g');
  });
});
